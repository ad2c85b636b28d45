import { sql } from 'drizzle-orm';
import { SOCIODEMOGRAFICO_COLUMNS, type SociodemograficoRow } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { audit, type AuditActor } from '../../lib/audit';

type Row = {
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
 * The company's workers as rows of section 3 'Socio-demographic row', in one query. Each row has the
 * 41 column keys plus `cargos`, the nested list of positions: `cargo` is its first element's
 * descripcion, so a client reading either shape gets the same value (docs/decisions/044).
 */
export async function listSociodemographicRows(db: Db, empresaId: number): Promise<SociodemograficoRow[]> {
  const rows = await query<Row>(
    db,
    sql`SELECT e.tipo_documento, e.numero_documento, e.nombres, e.apellidos, e.apellidos2, e.datos, c.descripcion AS cargo
          FROM empleados e LEFT JOIN cargos c ON c.id = e.cargo_id
         WHERE e.empresa_id = ${empresaId}
         ORDER BY e.id`,
  );
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
