import { sql } from 'drizzle-orm';
import {
  ESTADO,
  SOCIODEMOGRAFICO_COLUMNS,
  type SociodemograficoKey,
  type SociodemograficoRow,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { audit, type AuditActor } from '../../lib/audit';
import { horaColombiaSql } from '../../db/colombia-sql';

type Row = {
  id: number;
  /** Day the company registered the worker in the portal (Colombia). */
  registrado: string;
  /** Day the worker was first linked to one of the company's contracts (Colombia), if ever. */
  vinculado: string | null;
  tipo_documento: string;
  numero_documento: string;
  nombres: string;
  apellidos: string;
  apellidos2: string;
  datos: Record<string, string | number | null> | null;
  cargo: string | null;
};

const COLUMN_KEYS = new Set(['tipo_documento', 'numero_documento', 'nombres', 'apellidos', 'apellidos2']);
const NUMBER_KEYS = new Set(['personas_a_cargo', 'salario']);
const DATA_KEYS = SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key).filter((k) => k !== 'cargo');
const collator = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * Columns the worker form never asks for, filled from what the portal knows (docs/decisions/099):
 * each 'vencimiento' is the validity end of the newest approved submission of these sg-personal
 * requirements (catalogue codes, docs/decisions/061); with several requirements, the one that ends
 * first (the day the worker stops being covered). Without an approved submission with a validity,
 * the value the company sent through the API (if any) stays.
 */
export const VENCIMIENTO_REQUISITOS = {
  /** EPS, ARL, pensiones, caja de compensación, planilla PILA. */
  fv_seg_social: ['P04', 'P05', 'P06', 'P07', 'P08'],
  /** Concepto médico ocupacional. */
  fv_examenes_medicos: ['P09'],
  /** Certificado de trabajo en alturas and its reentrenamiento. */
  fv_cursos_altura: ['P10', 'P11'],
  /** Certificado de espacios confinados. */
  fecha_ven_cert_espacios_confina: ['P12'],
} as const satisfies Partial<Record<SociodemograficoKey, readonly string[]>>;
const VENCIMIENTO_CODIGOS = [...new Set(Object.values(VENCIMIENTO_REQUISITOS).flat())];

/** Validity ends of the approved sg-personal submissions, newest per worker and requirement code. */
async function approvedValidity(db: Db, empresaId: number): Promise<Map<number, Map<string, string>>> {
  const rows = await query<{ empleado_id: number; codigo: string; vigencia: string }>(
    db,
    sql`SELECT en.empleado_id, r.codigo, to_char(max(en.vigencia_hasta), 'YYYY-MM-DD') AS vigencia
          FROM entregas en JOIN requisitos r ON r.id = en.requisito_id
         WHERE en.empresa_id = ${empresaId} AND en.empleado_id IS NOT NULL AND r.modulo = 'sg-personal'
           AND en.estado = ${ESTADO.APROBADO} AND en.vigencia_hasta IS NOT NULL
           AND r.codigo IN (${sql.join(
             VENCIMIENTO_CODIGOS.map((c) => sql`${c}`),
             sql`, `,
           )})
         GROUP BY en.empleado_id, r.codigo`,
  );
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const m = out.get(r.empleado_id) ?? new Map<string, string>();
    m.set(r.codigo, r.vigencia);
    out.set(r.empleado_id, m);
  }
  return out;
}

/**
 * The company's workers as socio-demographic rows of the contract (docs/contract.md, Entities and fields), in
 * two queries (the workers, and the validity of their approved documents). Each row has the 41 column keys
 * plus `cargos`, the nested list of positions: `cargo` is its first element's descripcion, so a client
 * reading either shape gets the same value (docs/decisions/044).
 */
export async function listSociodemographicRows(db: Db, empresaId: number): Promise<SociodemograficoRow[]> {
  const rows = await query<Row>(
    db,
    sql`SELECT e.id, to_char(${horaColombiaSql(sql`e.created_at`)}, 'YYYY-MM-DD') AS registrado,
               (SELECT to_char(${horaColombiaSql(sql`min(ec.created_at)`)}, 'YYYY-MM-DD')
                  FROM empleados_contratos ec JOIN contratos k ON k.id = ec.contrato_id
                 WHERE ec.empleado_id = e.id AND k.empresa_id = e.empresa_id) AS vinculado,
               e.tipo_documento, e.numero_documento, e.nombres, e.apellidos, e.apellidos2, e.datos,
               c.descripcion AS cargo
          FROM empleados e LEFT JOIN cargos c ON c.id = e.cargo_id
         WHERE e.empresa_id = ${empresaId}
         ORDER BY e.id`,
  );
  const validity = await approvedValidity(db, empresaId);
  // Spanish order by surnames then names ('ÁLVAREZ' before 'ZAPATA'), the same on PGlite (C collation) and PostgreSQL.
  rows.sort(
    (x, y) =>
      collator.compare(x.apellidos, y.apellidos) ||
      collator.compare(x.apellidos2, y.apellidos2) ||
      collator.compare(x.nombres, y.nombres),
  );
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const key of DATA_KEYS) {
      const v = COLUMN_KEYS.has(key) ? r[key as keyof Row] : r.datos?.[key];
      out[key] = v === undefined || v === null ? null : NUMBER_KEYS.has(key) ? Number(v) : String(v);
    }
    // Entry and start dates: what the company declared through the API, else what the portal saw.
    out.fechaingreso ??= r.registrado;
    out.fecha_inicio ??= r.vinculado;
    // Validity ends: the approved documents (reviewed) over anything declared.
    const own = validity.get(r.id);
    for (const [key, codigos] of Object.entries(VENCIMIENTO_REQUISITOS)) {
      const ends = codigos.map((c) => own?.get(c)).filter((v): v is string => !!v);
      if (ends.length > 0) out[key] = ends.sort()[0];
    }
    const cargos = r.cargo === null ? [] : [{ descripcion: r.cargo }];
    out.cargos = cargos;
    out.cargo = cargos[0]?.descripcion ?? null;
    return out as SociodemograficoRow;
  });
}

/** GET .../reportesociodemografico: the rows, audited as an export of personal data (Ley 1581). */
export async function getSociodemographicReport(opts: { db: Db; empresaId: number; actor: AuditActor }) {
  const rows = await listSociodemographicRows(opts.db, opts.empresaId);
  await audit(opts.db, opts.actor, {
    evento: 'reporte.exported',
    datos: { reporte: 'sociodemografico', filas: rows.length },
  });
  return rows;
}
