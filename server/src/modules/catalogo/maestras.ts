import { sql, type SQL } from 'drizzle-orm';
import {
  MSG,
  TABLAS_MAESTRAS,
  type MaestraAdmin,
  type MaestraBody,
  type MaestraUpdateBody,
  type TablaMaestra,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { Staff } from './policy';
import { isUniqueViolation } from '../../lib/unique';

/**
 * Master data (proyectos, tipos de contrato, actividades, regionales, cargos), docs/decisions/061.
 * Table names come only from TABLAS_MAESTRAS (allow-list); values are always parameters.
 * Activities carry the ARL risk class the PILA reconciliation reads (docs/decisions/132).
 * Retired rows disappear from the contractors' pick lists but keep every reference.
 */
const USOS: Record<TablaMaestra, string> = {
  proyectos: '(SELECT count(*) FROM contratos x WHERE x.proyecto_id = m.id)',
  'tipos-contrato': '(SELECT count(*) FROM contratos x WHERE x.tipo_contrato_id = m.id)',
  actividades: '(SELECT count(*) FROM contratos x WHERE x.actividad_id = m.id)',
  regionales:
    '((SELECT count(*) FROM contratos x WHERE x.regional_id = m.id) + (SELECT count(*) FROM proyectos x WHERE x.regional_id = m.id))',
  cargos: '(SELECT count(*) FROM empleados x WHERE x.cargo_id = m.id)',
};

const EXTRA: Partial<Record<TablaMaestra, string>> = {
  proyectos:
    ', m.regional_id, (SELECT descripcion FROM regionales g WHERE g.id = m.regional_id) AS regional, m.ciudad',
  actividades: ', m.alturas, m.espacios_confinados, m.flota, m.clase_riesgo',
  'tipos-contrato': ', m.puntaje_minimo_0312',
};

type Row = {
  id: number;
  descripcion: string;
  activo: boolean;
  usos: number;
  regional_id?: number | null;
  regional?: string | null;
  ciudad?: string | null;
  alturas?: boolean;
  espacios_confinados?: boolean;
  flota?: boolean;
  clase_riesgo?: number;
  puntaje_minimo_0312?: string | number | null;
};

const table = (t: TablaMaestra) => sql.identifier(TABLAS_MAESTRAS[t]);

function present(t: TablaMaestra, r: Row): MaestraAdmin {
  return {
    id: r.id,
    descripcion: r.descripcion,
    activo: r.activo,
    usos: Number(r.usos),
    ...(t === 'proyectos'
      ? { regionalId: r.regional_id ?? null, regional: r.regional ?? null, ciudad: r.ciudad ?? null }
      : {}),
    ...(t === 'actividades'
      ? {
          alturas: !!r.alturas,
          espaciosConfinados: !!r.espacios_confinados,
          flota: !!r.flota,
          claseRiesgo: Number(r.clase_riesgo),
        }
      : {}),
    ...(t === 'tipos-contrato'
      ? { puntajeMinimo0312: r.puntaje_minimo_0312 == null ? null : Number(r.puntaje_minimo_0312) }
      : {}),
  };
}

export async function listMaestra(opts: {
  db: Db;
  tabla: TablaMaestra;
  incluirRetirados?: boolean;
  id?: number;
}): Promise<MaestraAdmin[]> {
  const { db, tabla } = opts;
  const rows = await query<Row>(
    db,
    sql`SELECT m.id, m.descripcion, m.activo, ${sql.raw(USOS[tabla])}::int AS usos ${sql.raw(EXTRA[tabla] ?? '')}
          FROM ${table(tabla)} m
         WHERE ${opts.id !== undefined ? sql`m.id = ${opts.id}` : opts.incluirRetirados ? sql`true` : sql`m.activo`}
         ORDER BY m.descripcion`,
  );
  return rows.map((r) => present(tabla, r));
}

async function getMaestra(db: Db, tabla: TablaMaestra, id: number): Promise<MaestraAdmin> {
  const [item] = await listMaestra({ db, tabla, id });
  if (!item) throw new AppError('not_found', MSG.maestraNotFound);
  return item;
}

/** Column assignments of a body, per table (only the keys present). */
function columns(tabla: TablaMaestra, b: MaestraUpdateBody): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const body = b as Record<string, unknown>;
  if (body.descripcion !== undefined) out.push(['descripcion', body.descripcion]);
  if (tabla === 'proyectos') {
    if (body.regionalId !== undefined) out.push(['regional_id', body.regionalId]);
    if (body.ciudad !== undefined) out.push(['ciudad', body.ciudad || null]);
  }
  if (tabla === 'actividades') {
    if (body.alturas !== undefined) out.push(['alturas', body.alturas]);
    if (body.espaciosConfinados !== undefined) out.push(['espacios_confinados', body.espaciosConfinados]);
    if (body.flota !== undefined) out.push(['flota', body.flota]);
    if (body.claseRiesgo !== undefined) out.push(['clase_riesgo', body.claseRiesgo]);
  }
  // The Resolución 0312 minimum (null = off; docs/decisions/142): audited as maestra.saved.
  if (tabla === 'tipos-contrato' && body.puntajeMinimo0312 !== undefined)
    out.push(['puntaje_minimo_0312', body.puntajeMinimo0312]);
  return out;
}

async function assertRegional(db: Db, b: MaestraUpdateBody) {
  const regionalId = (b as { regionalId?: number | null }).regionalId;
  if (regionalId === undefined || regionalId === null) return;
  const [r] = await query<{ id: number }>(db, sql`SELECT id FROM regionales WHERE id = ${regionalId}`);
  if (!r) throw new AppError('bad_request', MSG.contractRegionalUnknown);
}

const duplicate = (err: unknown) =>
  isUniqueViolation(err) ? new AppError('conflict', MSG.maestraDuplicada) : err;

async function assertDescripcionFree(
  db: Db,
  tabla: TablaMaestra,
  descripcion: string | undefined,
  exceptId?: number,
) {
  if (descripcion === undefined) return;
  const [dup] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM ${table(tabla)} WHERE lower(descripcion) = lower(${descripcion})
          ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  if (dup) throw new AppError('conflict', MSG.maestraDuplicada);
}

/** POST /api/admin/maestras/{tabla} */
export async function createMaestra(opts: { db: Db; staff: Staff; tabla: TablaMaestra; body: MaestraBody }) {
  const { db, staff, tabla, body } = opts;
  await assertDescripcionFree(db, tabla, body.descripcion);
  await assertRegional(db, body);
  const cols = columns(tabla, body);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await query<{ id: number }>(
        tx,
        sql`INSERT INTO ${table(tabla)} (${sql.join(
          cols.map(([c]) => sql.identifier(c)),
          sql`, `,
        )})
            VALUES (${sql.join(
              cols.map(([, v]) => sql`${v}`),
              sql`, `,
            )}) RETURNING id`,
      );
      await audit(
        tx,
        { usuarioId: staff.usuarioId, ip: staff.ip },
        { evento: 'maestra.saved', datos: { tabla, id: row.id, creado: true } },
      );
      return row.id;
    })
    .catch((err) => {
      throw duplicate(err);
    });
  return { message: MSG.maestraSaved, item: await getMaestra(db, tabla, id) };
}

/** PUT /api/admin/maestras/{tabla}/{id}: only the fields sent change. */
export async function updateMaestra(opts: {
  db: Db;
  staff: Staff;
  tabla: TablaMaestra;
  id: number;
  body: MaestraUpdateBody;
}) {
  const { db, staff, tabla, id, body } = opts;
  await getMaestra(db, tabla, id);
  await assertDescripcionFree(db, tabla, body.descripcion, id);
  await assertRegional(db, body);
  const cols = columns(tabla, body);
  if (cols.length > 0) {
    const set: SQL = sql.join(
      cols.map(([c, v]) => sql`${sql.identifier(c)} = ${v}`),
      sql`, `,
    );
    await db
      .transaction(async (tx) => {
        await query(tx, sql`UPDATE ${table(tabla)} SET ${set} WHERE id = ${id}`);
        await audit(
          tx,
          { usuarioId: staff.usuarioId, ip: staff.ip },
          { evento: 'maestra.saved', datos: { tabla, id, creado: false } },
        );
      })
      .catch((err) => {
        throw duplicate(err);
      });
  }
  return { message: MSG.maestraSaved, item: await getMaestra(db, tabla, id) };
}

/** POST /api/admin/maestras/{tabla}/{id}/retirar and /activar: never a delete. */
export async function setMaestraActivo(opts: {
  db: Db;
  staff: Staff;
  tabla: TablaMaestra;
  id: number;
  activo: boolean;
}) {
  const { db, staff, tabla, id, activo } = opts;
  await getMaestra(db, tabla, id);
  await db.transaction(async (tx) => {
    await query(tx, sql`UPDATE ${table(tabla)} SET activo = ${activo} WHERE id = ${id}`);
    await audit(
      tx,
      { usuarioId: staff.usuarioId, ip: staff.ip },
      { evento: 'maestra.activo', datos: { tabla, id, activo } },
    );
  });
  return {
    message: activo ? MSG.maestraActivated : MSG.maestraRetired,
    item: await getMaestra(db, tabla, id),
  };
}
