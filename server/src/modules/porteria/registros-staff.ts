import { sql } from 'drizzle-orm';
import type { RegistroDia, RegistrosDiaRespuesta } from '@proveedores/domain/porteria-staff';
import { query, type Db } from '../../db/client';

/** 'YYYY-MM-DD' plus one calendar day (the day after, as text; no machine time zone). */
function diaSiguiente(fecha: string): string {
  return new Date(Date.parse(`${fecha}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/revision/porteria/registros (docs/decisions/131): every gate record of a project whose
 * instant falls on the Colombian day `fecha` (Colombia is UTC-5 all year: from 00:00-05:00 to the
 * next day's 00:00-05:00, the same boundary as registros.ts' inicioDiaColombia), newest first,
 * with the worker, the contract's company and the guard's name. Uses registros_proyecto_at_idx.
 */
export async function registrosDelDia(
  db: Db,
  opts: { proyectoId: number; fecha: string },
): Promise<RegistrosDiaRespuesta> {
  const desde = `${opts.fecha}T00:00:00-05:00`;
  const hasta = `${diaSiguiente(opts.fecha)}T00:00:00-05:00`;
  const rows = await query<{
    id: number;
    tipo: 'entrada' | 'salida';
    at: Date | string;
    tipo_documento: string | null;
    numero_documento: string | null;
    nombre: string | null;
    nit: string | null;
    razon_social: string | null;
    contrato_id: number | null;
    apto: boolean | null;
    motivos: string[] | null;
    guardia: string;
    marcas: string[] | null;
  }>(
    db,
    sql`SELECT r.id::int AS id, r.tipo, r.at, e.tipo_documento, e.numero_documento,
               CASE WHEN e.id IS NULL THEN NULL
                    ELSE trim(e.nombres || ' ' || e.apellidos || ' ' || coalesce(e.apellidos2, '')) END AS nombre,
               x.nit, x.razon_social, r.contrato_id, r.apto, r.motivos, u.nombre AS guardia, r.marcas
          FROM registros_porteria r
          JOIN usuarios u ON u.id = r.guardia_id
          LEFT JOIN empleados e ON e.id = r.empleado_id
          LEFT JOIN contratos k ON k.id = r.contrato_id
          LEFT JOIN empresas x ON x.id = k.empresa_id
         WHERE r.proyecto_id = ${opts.proyectoId}
           AND r.at >= ${desde}::timestamptz AND r.at < ${hasta}::timestamptz
         ORDER BY r.at DESC, r.id DESC`,
  );
  const registros: RegistroDia[] = rows.map((r) => ({
    id: r.id,
    tipo: r.tipo,
    at: new Date(r.at).toISOString(),
    tipodocumento: r.tipo_documento,
    numerodocumento: r.numero_documento,
    nombre: r.nombre,
    nit: r.nit,
    razonSocial: r.razon_social,
    contratoid: r.contrato_id,
    apto: r.apto,
    motivos: r.motivos ?? [],
    guardia: r.guardia,
    flags: r.marcas ?? [],
  }));
  return { proyectoid: opts.proyectoId, fecha: opts.fecha, registros };
}
