import { and, eq, sql } from 'drizzle-orm';
import { ESTADO, esCodigo0312, MSG, type AutoevaluacionPutBody } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { autoevaluaciones } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/unique';
import type { Actor } from '../../uploads/upload-evidence';
import { isoSql } from '../../db/iso-sql';
import {
  calificarEvaluacion,
  type AccionGuardada,
  type Evaluacion,
  type RespuestaGuardada,
  type SugerenciaEvidencia,
} from './calificacion';

/**
 * Storage of the yearly self-evaluation (docs/decisions/135): one row per version; every read is
 * scoped to the company of the token.
 */
type Fila = {
  id: number;
  ano: number;
  version: number;
  trabajadores: number;
  clase_riesgo: number;
  respuestas: RespuestaGuardada[];
  plan: AccionGuardada[];
  estado: 'borrador' | 'firmada';
  firmas: {
    representante: { nombre: string; documento: string };
    responsable: { nombre: string; documento: string };
    firmadaAt: string;
  } | null;
  entrega_id: number | string | null;
  actualizada_at: string;
  marca: string;
};

/** `marca`: updated_at to the microsecond, so that signing can tell the draft did not change since read. */
export type EvaluacionGuardada = Evaluacion & { id: number; marca: string };

const deFila = (f: Fila): EvaluacionGuardada => ({
  id: f.id,
  marca: f.marca,
  ano: f.ano,
  version: f.version,
  trabajadores: f.trabajadores,
  claseRiesgo: f.clase_riesgo,
  respuestas: f.respuestas,
  plan: f.plan,
  estado: f.estado,
  firma: f.firmas
    ? {
        representante: f.firmas.representante,
        responsable: f.firmas.responsable,
        firmadaAt: f.firmas.firmadaAt,
      }
    : null,
  // bigint: the pg driver answers it as a string.
  entregaId: f.entrega_id === null ? null : Number(f.entrega_id),
  actualizadaAt: f.actualizada_at,
});

/** The company's latest version for the year (a draft or the signed one), or null. */
export async function ultimaVersion(
  db: Db,
  empresaId: number,
  ano: number,
  opts: { bloquear?: boolean } = {},
): Promise<EvaluacionGuardada | null> {
  const [f] = await query<Fila>(
    db,
    sql`SELECT id, ano, version, trabajadores, clase_riesgo, respuestas, plan, estado, firmas, entrega_id,
               ${isoSql('updated_at')} AS actualizada_at, extract(epoch FROM updated_at)::text AS marca
          FROM autoevaluaciones WHERE empresa_id = ${empresaId} AND ano = ${ano}
         ORDER BY version DESC LIMIT 1 ${opts.bloquear ? sql`FOR UPDATE` : sql``}`,
  );
  return f ? deFila(f) : null;
}

/**
 * The starting values when nothing is saved (docs/decisions/135): the company's workers actively
 * linked to its active contracts (at least 1), and the highest risk class of those contracts'
 * activities (decision 127's actividades.clase_riesgo; class I when there is no active contract).
 * The contractor may change both: the resolution does not say how to count (rule lista.conteo).
 */
export async function valoresIniciales(
  db: Db,
  empresaId: number,
): Promise<{ trabajadores: number; claseRiesgo: number }> {
  const [t] = await query<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT ec.empleado_id)::int AS n
          FROM empleados_contratos ec JOIN contratos c ON c.id = ec.contrato_id
         WHERE c.empresa_id = ${empresaId} AND c.activo AND ec.activo AND ec.fecha_retiro IS NULL`,
  );
  const [r] = await query<{ clase: number | null }>(
    db,
    sql`SELECT max(a.clase_riesgo)::int AS clase
          FROM contratos c JOIN actividades a ON a.id = c.actividad_id
         WHERE c.empresa_id = ${empresaId} AND c.activo`,
  );
  return { trabajadores: Math.max(1, Number(t?.n ?? 0)), claseRiesgo: Number(r?.clase ?? 1) || 1 };
}

/** 'Resolución 0312 de 2019 estándares 1.1.1 y 1.2.3' -> ['1.1.1', '1.2.3']. */
export function codigosDeBaseLegal(baseLegal: string | null): string[] {
  if (!baseLegal || !/0312/.test(baseLegal) || !/est[áa]ndar/i.test(baseLegal)) return [];
  const despues = baseLegal.slice(baseLegal.search(/est[áa]ndar/i));
  return [...despues.matchAll(/\b\d+\.\d+\.\d+\b/g)].map((m) => m[0]).filter(esCodigo0312);
}

/**
 * Evidence that may support an item: the catalogue items whose base_legal names the standard
 * (server/src/db/seed-data/catalogo-requisitos.csv, e.g. E07 'Resolución 0312 de 2019 estándares
 * 1.1.1 y 1.2.3'), with the company's latest approved submission of each. Only a suggestion: the
 * contractor still answers the item.
 */
export async function sugerenciasDeEvidencia(
  db: Db,
  empresaId: number,
): Promise<Map<string, SugerenciaEvidencia[]>> {
  const filas = await query<{
    entrega_id: number | string;
    codigo: string;
    nombre: string;
    base_legal: string;
  }>(
    db,
    sql`SELECT DISTINCT ON (r.id) e.id AS entrega_id, r.codigo, r.nombre_corto AS nombre, r.base_legal
          FROM requisitos r JOIN entregas e ON e.requisito_id = r.id
         WHERE r.activo AND r.base_legal ILIKE '%0312%' AND e.empresa_id = ${empresaId}
           AND e.estado = ${ESTADO.APROBADO}
         ORDER BY r.id, e.id DESC`,
  );
  const porItem = new Map<string, SugerenciaEvidencia[]>();
  for (const f of filas) {
    for (const codigo of codigosDeBaseLegal(f.base_legal)) {
      const lista = porItem.get(codigo) ?? [];
      lista.push({
        entregaId: Number(f.entrega_id),
        requisito: f.codigo,
        nombre: f.nombre,
        fuente: f.base_legal,
      });
      porItem.set(codigo, lista);
    }
  }
  return porItem;
}

/**
 * PUT: saves the answers as the year's draft. The latest draft is overwritten; when the latest
 * version is signed (or there is none) a new version is inserted, so a signed one is never edited.
 */
export async function guardarBorrador(
  db: Db,
  actor: Actor,
  ano: number,
  body: AutoevaluacionPutBody,
): Promise<void> {
  const c = calificarEvaluacion({
    trabajadores: body.trabajadores,
    claseRiesgo: body.claseRiesgo,
    respuestas: body.items,
    plan: body.plan ?? [],
  });
  const valores = {
    trabajadores: body.trabajadores,
    claseRiesgo: body.claseRiesgo,
    lista: c.lista,
    puntaje: c.puntaje.toFixed(2),
    clasificacion: c.clasificacion,
    respuestas: body.items.map((i) => ({
      codigo: i.codigo,
      respuesta: i.respuesta,
      justificacion: i.justificacion?.trim() || null,
    })),
    plan: c.plan.map((a) => ({ ...a })),
  };
  // Two first saves of a year at once: the second one's version 1 breaks the unique index (a missing
  // row cannot be locked); it is answered as a change made meanwhile.
  await db
    .transaction(async (tx) => {
      const ultima = await ultimaVersion(tx, actor.empresaId, ano, { bloquear: true });
      let id: number;
      let version: number;
      if (ultima && ultima.estado === 'borrador') {
        await tx
          .update(autoevaluaciones)
          .set({ ...valores, updatedAt: sql`now()` })
          .where(and(eq(autoevaluaciones.id, ultima.id), eq(autoevaluaciones.estado, 'borrador')));
        id = ultima.id;
        version = ultima.version;
      } else {
        version = (ultima?.version ?? 0) + 1;
        const [row] = await tx
          .insert(autoevaluaciones)
          .values({ empresaId: actor.empresaId, ano, version, estado: 'borrador', ...valores })
          .returning({ id: autoevaluaciones.id });
        id = row.id;
      }
      await audit(tx, actor, {
        evento: 'autoevaluacion.guardada',
        datos: { autoevaluacionId: id, ano, version, puntaje: c.puntaje },
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('conflict', MSG.autoevaluacionGuardadaALaVez);
      throw err;
    });
}
