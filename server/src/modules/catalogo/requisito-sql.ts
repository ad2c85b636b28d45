import { sql } from 'drizzle-orm';
import { MSG, type ReglaVigencia, type RequisitoAdmin } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';

type Row = {
  id: number;
  modulo: RequisitoAdmin['modulo'];
  codigo: string;
  nombre_corto: string;
  detalle: string;
  extensiones: string;
  opcional: boolean;
  aplica_si: string | null;
  vigencia_dias: number | null;
  base_legal: string | null;
  regla_vigencia: ReglaVigencia | string | null;
  orden: number;
  motivos_rechazo: string[] | string | null;
  carga_multiple: boolean;
  dispensable: boolean;
  base_legal_dispensa: string | null;
  activo: boolean;
  created_at: Date | string;
  entregas: number;
};

/** Requirements as staff see them, with how many submissions reference each. */
export async function selectRequisitos(
  db: Db,
  where: { id?: number; modulo?: string; incluirRetirados?: boolean; buscar?: string },
): Promise<RequisitoAdmin[]> {
  const like = where.buscar ? `%${where.buscar.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await query<Row>(
    db,
    sql`SELECT r.id, r.modulo, r.codigo, r.nombre_corto, r.detalle, r.extensiones, r.opcional, r.aplica_si, r.vigencia_dias,
               r.base_legal, r.regla_vigencia, r.orden, r.motivos_rechazo, r.carga_multiple,
               r.dispensable, r.base_legal_dispensa, r.activo, r.created_at,
               (SELECT count(*)::int FROM entregas e WHERE e.requisito_id = r.id) AS entregas
          FROM requisitos r
         WHERE ${where.id === undefined ? sql`true` : sql`r.id = ${where.id}`}
           AND ${where.modulo === undefined ? sql`true` : sql`r.modulo = ${where.modulo}`}
           AND ${where.incluirRetirados || where.id !== undefined ? sql`true` : sql`r.activo`}
           AND ${like === null ? sql`true` : sql`(r.codigo ILIKE ${like} OR r.nombre_corto ILIKE ${like})`}
         ORDER BY r.modulo, r.orden, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    modulo: r.modulo,
    codigo: r.codigo,
    nombreCorto: r.nombre_corto,
    detalle: r.detalle,
    extensiones: r.extensiones,
    opcional: r.opcional,
    aplicaSi: r.aplica_si,
    vigenciaDias: r.vigencia_dias,
    baseLegal: r.base_legal,
    reglaVigencia:
      typeof r.regla_vigencia === 'string'
        ? (JSON.parse(r.regla_vigencia) as ReglaVigencia)
        : r.regla_vigencia,
    orden: r.orden,
    motivosRechazo:
      (typeof r.motivos_rechazo === 'string' ? JSON.parse(r.motivos_rechazo) : r.motivos_rechazo) ?? [],
    cargaMultiple: r.carga_multiple,
    dispensable: r.dispensable,
    baseLegalDispensa: r.base_legal_dispensa,
    activo: r.activo,
    createdAt: new Date(r.created_at).toISOString(),
    entregas: Number(r.entregas),
  }));
}

export async function getRequisito(db: Db, id: number): Promise<RequisitoAdmin> {
  const [r] = await selectRequisitos(db, { id });
  if (!r) throw new AppError('not_found', MSG.requisitoNotFound);
  return r;
}
