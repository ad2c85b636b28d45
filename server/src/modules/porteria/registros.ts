import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  inicioDiaColombia,
  MSG,
  REGISTRO_REPETIDO_MS,
  RELOJ_TOLERANCIA_MS,
  type MarcaRegistro,
  type RegistroPorteria,
  type RegistrosBody,
  type RegistrosRespuesta,
} from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { gateProject } from './policy';
import { diaDelVeredicto, marcasDeHora, veredictoDeRegistro } from './veredicto';

type Resultado = RegistrosRespuesta['registros'][number];

/**
 * POST /api/porteria/registros (docs/decisions/123). Every project of the batch must be the guard's
 * (403 before anything is stored). Each record is its own transaction:
 * - idempotent by `clienteId` (unique): a resend answers 'existente' with the stored id;
 * - the same worker, project and type within 60 s of a stored record is that record ('repetido');
 * - an exit with no entry of the worker at the project earlier that Colombian day: 'salida_sin_entrada';
 * - the batch's `enviadoAt` more than 5 minutes from the server's clock: every record 'reloj_desfasado'.
 * The guard is the token's user. The stored verdict is the server's, the device's kept beside it; a
 * record's time is flagged when it cannot be right; an entry of a person who is not apto is marked
 * 'ingreso_excepcional' with the guard's reason, else 'ingreso_no_apto' (docs/decisions/160).
 */
export async function guardarRegistros(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  opts: { user: AuthUser; body: RegistrosBody; now: Date },
): Promise<RegistrosRespuesta> {
  const registros = 'registros' in opts.body ? opts.body.registros : [opts.body];
  const enviadoAt = 'registros' in opts.body ? opts.body.enviadoAt : undefined;
  for (const proyectoId of new Set(registros.map((r) => r.proyectoid)))
    await gateProject(db, opts.user, proyectoId);

  const desfase = enviadoAt ? Date.parse(enviadoAt) - opts.now.getTime() : 0;
  const desfasado = Math.abs(desfase) > RELOJ_TOLERANCIA_MS;
  const out: Resultado[] = [];
  for (const r of registros) out.push(await guardarUno(db, config, opts.user, r, desfasado, opts.now));
  return {
    registros: out,
    relojDesfaseMs: desfasado ? desfase : null,
    mensaje: desfasado ? MSG.porteriaRelojDesfasado(Math.round(Math.abs(desfase) / 60_000)) : null,
  };
}

async function guardarUno(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  user: AuthUser,
  r: RegistroPorteria,
  desfasado: boolean,
  now: Date,
): Promise<Resultado> {
  const stored = async (t: Db) =>
    (
      await query<{ id: number; marcas: string[] }>(
        t,
        sql`SELECT id::int AS id, marcas FROM registros_porteria
             WHERE proyecto_id = ${r.proyectoid} AND cliente_id = ${r.clienteId}`,
      )
    )[0];
  const before = await stored(db);
  if (before) return { clienteId: r.clienteId, id: before.id, estado: 'existente', marcas: before.marcas };

  const at = new Date(r.at);
  const marcasHora = marcasDeHora({ at, now, rosterGeneradoAt: r.rosterGeneradoAt });
  const who = await veredictoDeRegistro(db, config, r, diaDelVeredicto(at, now, marcasHora));
  // Only an entry needs the reason; an exit's is not kept.
  const excepcion = r.tipo === 'entrada' && !who.apto ? (r.motivoExcepcion ?? null) : null;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const marcas: MarcaRegistro[] = [...marcasHora];
    if (who.empleadoId !== null) {
      // One worker at one project at a time: the 60 s and exit checks see every committed record.
      await t.execute(sql`SELECT pg_advisory_xact_lock(${r.proyectoid}::int, ${who.empleadoId}::int)`);
      const again = await stored(t);
      if (again)
        return { clienteId: r.clienteId, id: again.id, estado: 'existente' as const, marcas: again.marcas };
      const [cerca] = await query<{ id: number; marcas: string[] }>(
        t,
        sql`SELECT id::int AS id, marcas FROM registros_porteria
             WHERE proyecto_id = ${r.proyectoid} AND empleado_id = ${who.empleadoId} AND tipo = ${r.tipo}
               AND at BETWEEN ${new Date(at.getTime() - REGISTRO_REPETIDO_MS).toISOString()}::timestamptz
                          AND ${new Date(at.getTime() + REGISTRO_REPETIDO_MS).toISOString()}::timestamptz
             ORDER BY abs(extract(epoch FROM at - ${at.toISOString()}::timestamptz)) LIMIT 1`,
      );
      if (cerca)
        return { clienteId: r.clienteId, id: cerca.id, estado: 'repetido' as const, marcas: cerca.marcas };
      if (r.tipo === 'salida') {
        const [entrada] = await query<{ n: number }>(
          t,
          sql`SELECT count(*)::int AS n FROM registros_porteria
               WHERE proyecto_id = ${r.proyectoid} AND empleado_id = ${who.empleadoId} AND tipo = 'entrada'
                 AND at >= ${inicioDiaColombia(hoyEnColombia(at)).toISOString()}::timestamptz AND at <= ${at.toISOString()}::timestamptz`,
        );
        if (entrada.n === 0) marcas.push('salida_sin_entrada');
      }
    } else marcas.push('trabajador_desconocido');
    if (desfasado) marcas.push('reloj_desfasado');
    if (who.revocada) marcas.push('credencial_revocada');
    if (r.tipo === 'entrada' && !who.apto) marcas.push(excepcion ? 'ingreso_excepcional' : 'ingreso_no_apto');
    const [row] = await query<{ id: number }>(
      t,
      sql`INSERT INTO registros_porteria
            (cliente_id, proyecto_id, contrato_id, empleado_id, credencial_id, tipo, at, guardia_id,
             apto, motivos, apto_dispositivo, motivos_dispositivo, motivo_excepcion, marcas)
          VALUES (${r.clienteId}, ${r.proyectoid}, ${who.contratoId}, ${who.empleadoId}, ${who.credencialId}, ${r.tipo},
                  ${at.toISOString()}::timestamptz, ${user.usuarioId},
                  ${who.apto}, ${JSON.stringify(who.motivos)}::jsonb,
                  ${r.apto ?? null}, ${JSON.stringify(r.motivos ?? [])}::jsonb, ${excepcion},
                  ${JSON.stringify(marcas)}::jsonb)
          ON CONFLICT (proyecto_id, cliente_id) DO NOTHING
          RETURNING id::int AS id`,
    );
    if (row) return { clienteId: r.clienteId, id: row.id, estado: 'creado' as const, marcas };
    // A concurrent send of the same clienteId won (an unknown worker takes no lock).
    const other = (await stored(t))!;
    return { clienteId: r.clienteId, id: other.id, estado: 'existente' as const, marcas: other.marcas };
  });
}
