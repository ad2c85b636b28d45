import { sql } from 'drizzle-orm';
import { MSG, type EmpresaAdmin } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { storageUsage } from '../../files';

type Row = {
  id: number;
  nit: string;
  dv: number;
  razon_social: string;
  correo_contacto: string;
  activa: boolean;
  created_at: Date | string;
  username: string | null;
  nombre: string | null;
  correo: string | null;
  correo_notificaciones: string | null;
  tiene_password: boolean | null;
  last_login_at: Date | string | null;
  contratos: number;
};

export type EmpresaFilter = {
  id?: number;
  buscar?: string;
  activa?: boolean;
  limit?: number;
  offset?: number;
};

function where(f: EmpresaFilter) {
  const like = f.buscar ? `%${f.buscar.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`${f.id === undefined ? sql`true` : sql`e.id = ${f.id}`}
    AND ${f.activa === undefined ? sql`true` : sql`e.activa = ${f.activa}`}
    AND ${like === null ? sql`true` : sql`(e.nit LIKE ${like} OR e.razon_social ILIKE ${like})`}`;
}

export async function countEmpresas(db: Db, f: EmpresaFilter): Promise<number> {
  const [{ n }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM empresas e WHERE ${where(f)}`,
  );
  return Number(n);
}

/**
 * Companies with their sign-in user (the one whose username is the NIT) and their storage usage
 * against the upload quota (docs/decisions/085).
 */
export async function selectEmpresas(db: Db, f: EmpresaFilter, quotaBytes: number): Promise<EmpresaAdmin[]> {
  const rows = await query<Row>(
    db,
    sql`SELECT e.id, e.nit, e.dv, e.razon_social, e.correo_contacto, e.activa, e.created_at,
               u.username, u.nombre, u.correo, u.correo_notificaciones,
               (u.password_hash IS NOT NULL) AS tiene_password, u.last_login_at,
               (SELECT count(*)::int FROM contratos c WHERE c.empresa_id = e.id) AS contratos
          FROM empresas e
          LEFT JOIN usuarios u ON u.empresa_id = e.id AND u.username = e.nit
         WHERE ${where(f)}
         ORDER BY e.razon_social, e.id
         LIMIT ${f.limit ?? 1000} OFFSET ${f.offset ?? 0}`,
  );
  const usage = await storageUsage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    nit: r.nit,
    dv: r.dv,
    nitCompleto: `${r.nit}-${r.dv}`,
    razonSocial: r.razon_social,
    correoContacto: r.correo_contacto,
    activa: r.activa,
    createdAt: new Date(r.created_at).toISOString(),
    usuario:
      r.username === null
        ? null
        : {
            username: r.username,
            nombre: r.nombre ?? '',
            correo: r.correo ?? '',
            correoNotificaciones: r.correo_notificaciones,
            tienePassword: !!r.tiene_password,
            ultimoIngreso: r.last_login_at === null ? null : new Date(r.last_login_at).toISOString(),
          },
    contratos: Number(r.contratos),
    almacenamiento: { ...usage.get(r.id)!, cuotaBytes: quotaBytes },
  }));
}

export async function getEmpresa(db: Db, id: number, quotaBytes: number): Promise<EmpresaAdmin> {
  const [e] = await selectEmpresas(db, { id }, quotaBytes);
  if (!e) throw new AppError('not_found', MSG.empresaNotFound);
  return e;
}
