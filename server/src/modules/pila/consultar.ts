import { sql } from 'drizzle-orm';
import {
  MSG,
  pilaConciliacion,
  type PilaGetRespuesta,
  type PilaMatriz,
  type PilaPeriodo,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';

type Fila = {
  entrega_id: number;
  ano: number;
  mes: number;
  conciliacion: unknown;
  nombre_archivo: string | null;
  cargado_at: string;
};

/**
 * Reading reconciled PILA files (docs/decisions/128). Every read is scoped: a contractor passes its
 * token's company (another company's contract is simply not found), staff pass none.
 */
const deEmpresa = (empresaId: number | null) =>
  empresaId === null ? sql`` : sql`AND p.empresa_id = ${empresaId}`;

const ultimas = (db: Db, where: ReturnType<typeof sql>) =>
  query<Fila>(
    db,
    sql`SELECT DISTINCT ON (p.ano, p.mes) p.entrega_id, p.ano, p.mes, p.conciliacion, e.nombre_archivo,
               to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cargado_at
          FROM pila_planillas p JOIN entregas e ON e.id = p.entrega_id
         WHERE ${where}
         ORDER BY p.ano, p.mes, p.id DESC`,
  );

const respuesta = (f: Fila): PilaGetRespuesta => ({
  ...pilaConciliacion.parse(f.conciliacion),
  idEntrega: f.entrega_id,
  nombreArchivo: f.nombre_archivo,
  cargadoAt: f.cargado_at,
});

async function contratoVisible(db: Db, contratoId: number, empresaId: number | null) {
  const [c] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM contratos WHERE id = ${contratoId}
        ${empresaId === null ? sql`` : sql`AND empresa_id = ${empresaId}`}`,
  );
  if (!c) throw new AppError('not_found', MSG.evidenceContractNotFound);
}

/** GET .../pila?contratoid=&ano=&mes=: the period's latest reconciliation. */
export async function pilaDelPeriodo(
  db: Db,
  opts: { empresaId: number | null; contratoId: number; ano: number; mes: number },
): Promise<PilaGetRespuesta> {
  await contratoVisible(db, opts.contratoId, opts.empresaId);
  const [f] = await ultimas(
    db,
    sql`p.contrato_id = ${opts.contratoId} AND p.ano = ${opts.ano} AND p.mes = ${opts.mes} ${deEmpresa(opts.empresaId)}`,
  );
  if (!f) throw new AppError('not_found', MSG.pilaSinConciliacion);
  return respuesta(f);
}

/** GET /api/revision/pila/entregas/{id}: the reconciliation an M01 submission carries (review dialog). */
export async function pilaDeEntrega(db: Db, entregaId: number): Promise<PilaGetRespuesta> {
  const [f] = await query<Fila>(
    db,
    sql`SELECT p.entrega_id, p.ano, p.mes, p.conciliacion, e.nombre_archivo,
               to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cargado_at
          FROM pila_planillas p JOIN entregas e ON e.id = p.entrega_id
         WHERE p.entrega_id = ${entregaId}`,
  );
  if (!f) throw new AppError('not_found', MSG.pilaSinConciliacion);
  return respuesta(f);
}

/** GET .../pila/periodos?contratoid=: every reconciled period of the contract (R03), oldest first. */
export async function periodosPila(
  db: Db,
  opts: { empresaId: number | null; contratoId: number },
): Promise<PilaPeriodo[]> {
  await contratoVisible(db, opts.contratoId, opts.empresaId);
  const filas = await ultimas(db, sql`p.contrato_id = ${opts.contratoId} ${deEmpresa(opts.empresaId)}`);
  return filas.map((f) => {
    const c = pilaConciliacion.parse(f.conciliacion);
    return {
      ano: f.ano,
      mes: f.mes,
      veredicto: c.veredicto,
      esperados: c.esperados,
      encontrados: c.encontrados,
      errores: c.hallazgos.filter((h) => h.severidad === 'error').length,
      advertencias: c.hallazgos.filter((h) => h.severidad === 'advertencia').length,
      idEntrega: f.entrega_id,
      cargadoAt: f.cargado_at,
    };
  });
}

/**
 * GET .../pila/matriz?contratoid=: months x workers of the contract from each period's latest
 * reconciliation: 'pagado' (found in the planilla), 'faltante' (expected, not found), 'no_requerido'
 * (not expected that month). Workers: the contract's linked workers and anyone a planilla named.
 */
export async function matrizPila(
  db: Db,
  opts: { empresaId: number | null; contratoId: number },
): Promise<PilaMatriz> {
  await contratoVisible(db, opts.contratoId, opts.empresaId);
  const filas = await ultimas(db, sql`p.contrato_id = ${opts.contratoId} ${deEmpresa(opts.empresaId)}`);
  const vinculados = await query<{ tipo_documento: string; numero_documento: string; nombre: string }>(
    db,
    sql`SELECT em.tipo_documento, em.numero_documento,
               trim(concat_ws(' ', em.nombres, em.apellidos, nullif(em.apellidos2, ''))) AS nombre
          FROM empleados_contratos ec JOIN empleados em ON em.id = ec.empleado_id
         WHERE ec.contrato_id = ${opts.contratoId}
         ORDER BY nombre, em.id`,
  );
  const trabajadores = new Map<string, { tipodocumento: string; numerodocumento: string; nombre: string }>();
  for (const v of vinculados)
    trabajadores.set(`${v.tipo_documento}:${v.numero_documento}`, {
      tipodocumento: v.tipo_documento,
      numerodocumento: v.numero_documento,
      nombre: v.nombre,
    });
  const periodos = filas.map((f) => {
    const c = pilaConciliacion.parse(f.conciliacion);
    for (const p of c.faltantes) {
      const k = `${p.tipodocumento}:${p.numerodocumento}`;
      if (!trabajadores.has(k)) trabajadores.set(k, p);
    }
    return {
      ano: f.ano,
      mes: f.mes,
      pagados: new Set(c.pagados),
      faltantes: new Set(c.faltantes.map((p) => `${p.tipodocumento}:${p.numerodocumento}`)),
    };
  });
  return {
    periodos: periodos.map((p) => ({ ano: p.ano, mes: p.mes })),
    trabajadores: [...trabajadores.entries()].map(([k, t]) => ({
      ...t,
      estados: periodos.map((p) =>
        p.pagados.has(k) ? 'pagado' : p.faltantes.has(k) ? 'faltante' : 'no_requerido',
      ),
    })),
  };
}
