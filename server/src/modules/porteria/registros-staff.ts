import { sql } from 'drizzle-orm';
import type { RegistroDia, RegistrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { esMarcaAlerta, finDiaColombia, inicioDiaColombia } from '@proveedores/domain';
import { query, type Db } from '../../db/client';

/**
 * GET /api/revision/porteria/registros (docs/decisions/131): every gate record of a project whose
 * instant falls on the Colombian day `fecha` (from its start to the next day's start, calendario.ts'
 * inicioDiaColombia and finDiaColombia, decision 174), newest first,
 * with the worker, the contract's company and the guard's name. Uses registros_proyecto_at_idx.
 */
export async function registrosDelDia(
  db: Db,
  opts: { proyectoId: number; fecha: string },
): Promise<RegistrosDiaRespuesta> {
  const desde = inicioDiaColombia(opts.fecha).toISOString();
  const hasta = finDiaColombia(opts.fecha).toISOString();
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
    apto_dispositivo: boolean | null;
    motivo_excepcion: string | null;
    guardia: string;
    marcas: string[] | null;
  }>(
    db,
    sql`SELECT r.id::int AS id, r.tipo, r.at, e.tipo_documento, e.numero_documento,
               CASE WHEN e.id IS NULL THEN NULL
                    ELSE trim(e.nombres || ' ' || e.apellidos || ' ' || coalesce(e.apellidos2, '')) END AS nombre,
               x.nit, x.razon_social, r.contrato_id, r.apto, r.motivos,
               r.apto_dispositivo, r.motivo_excepcion, u.nombre AS guardia, r.marcas
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
    aptoDispositivo: r.apto_dispositivo,
    motivoExcepcion: r.motivo_excepcion,
    guardia: r.guardia,
    flags: r.marcas ?? [],
  }));
  // The day's summary counts what staff must look at (docs/decisions/160).
  const ingresosNoAptos = registros.filter((r) => r.tipo === 'entrada' && r.apto === false).length;
  const alertas = registros.filter((r) => r.flags.some(esMarcaAlerta)).length;
  return { proyectoid: opts.proyectoId, fecha: opts.fecha, registros, ingresosNoAptos, alertas };
}
