import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  accionesVencidas,
  autoevaluacionesStaffLista,
  noCumplidos,
  plazosPorClasificacion,
  todayInColombia,
  type AutoevaluacionStaffFila,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { calificarEvaluacion, type AccionGuardada, type RespuestaGuardada } from './calificacion';

/**
 * GET /api/revision/autoevaluaciones?ano= (docs/decisions/135): each active provider company's latest
 * version of the year, scored again by the domain rules, and apart the companies with none.
 */
export const autoevaluacionesStaffRespuesta = autoevaluacionesStaffLista.extend({
  sinAutoevaluacion: z.array(
    z.object({ empresaid: z.number().int(), nit: z.string(), razonSocial: z.string() }),
  ),
});
export type AutoevaluacionesStaffRespuesta = z.infer<typeof autoevaluacionesStaffRespuesta>;

type Fila = {
  empresa_id: number;
  nit: string;
  razon_social: string;
  ano: number | null;
  trabajadores: number | null;
  clase_riesgo: number | null;
  respuestas: RespuestaGuardada[] | null;
  plan: AccionGuardada[] | null;
  estado: string | null;
  firmada_at: string | null;
  actualizada_at: string | null;
};

export async function listaStaff(db: Db, ano: number, hoy: string): Promise<AutoevaluacionesStaffRespuesta> {
  const filas = await query<Fila>(
    db,
    sql`SELECT e.id AS empresa_id, e.nit, e.razon_social, a.ano, a.trabajadores, a.clase_riesgo, a.respuestas,
               a.plan, a.estado,
               to_char(a.firmada_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS firmada_at,
               to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS actualizada_at
          FROM empresas e
          LEFT JOIN LATERAL (
            SELECT * FROM autoevaluaciones x WHERE x.empresa_id = e.id AND x.ano = ${ano}
             ORDER BY x.version DESC LIMIT 1) a ON true
         WHERE e.activa
         ORDER BY e.razon_social, e.id`,
  );
  const autoevaluaciones: AutoevaluacionStaffFila[] = [];
  const sinAutoevaluacion: AutoevaluacionesStaffRespuesta['sinAutoevaluacion'] = [];
  for (const f of filas) {
    if (f.ano === null || f.trabajadores === null || f.clase_riesgo === null) {
      sinAutoevaluacion.push({ empresaid: f.empresa_id, nit: f.nit, razonSocial: f.razon_social });
      continue;
    }
    const c = calificarEvaluacion({
      trabajadores: f.trabajadores,
      claseRiesgo: f.clase_riesgo,
      respuestas: f.respuestas ?? [],
      plan: f.plan ?? [],
    });
    const firmada = f.estado === 'firmada';
    const fecha = firmada && f.firmada_at ? todayInColombia(new Date(f.firmada_at)) : hoy;
    autoevaluaciones.push({
      empresaid: f.empresa_id,
      nit: f.nit,
      razonSocial: f.razon_social,
      ano: f.ano,
      trabajadores: f.trabajadores,
      claseRiesgo: f.clase_riesgo,
      lista: c.lista,
      puntaje: c.puntaje,
      porcentajeLista: c.porcentajeLista,
      clasificacion: c.clasificacion,
      completa: c.errores.length === 0,
      firmada,
      firmadaAt: firmada ? f.firmada_at : null,
      actualizadaAt: f.actualizada_at ?? '',
      noCumplidos: noCumplidos(c).length,
      accionesPlan: c.plan.length,
      accionesVencidas: accionesVencidas(c.plan, hoy).length,
      reporteArl: plazosPorClasificacion(c.clasificacion, fecha).reporteArl,
    });
  }
  return { autoevaluaciones, sinAutoevaluacion };
}
