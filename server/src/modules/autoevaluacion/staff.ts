import { sql } from 'drizzle-orm';
import {
  accionesVencidas,
  autoevaluacionesStaffPantalla,
  diaNumero,
  evaluacionQueCuenta,
  noCumplidos,
  plazosPorClasificacion,
  hoyEnColombia,
  type AutoevaluacionHistorial,
  type AutoevaluacionesStaffPantalla,
  HABILITACION_MSG,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { calificarEvaluacion, type AccionGuardada, type RespuestaGuardada } from './calificacion';
import { isoSql } from '../../db/iso-sql';

/**
 * GET /api/revision/autoevaluaciones?ano= (docs/decisions/135): each active provider company's latest
 * version of the year, scored again by the domain rules, and apart the companies with none.
 */
export const autoevaluacionesStaffRespuesta = autoevaluacionesStaffPantalla;
export type AutoevaluacionesStaffRespuesta = AutoevaluacionesStaffPantalla;

type Fila = {
  empresa_id: number;
  nit: string;
  razon_social: string;
  ano: number | null;
  version: number | null;
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
    sql`SELECT e.id AS empresa_id, e.nit, e.razon_social, a.ano, a.version, a.trabajadores, a.clase_riesgo, a.respuestas,
               a.plan, a.estado,
               ${isoSql('a.firmada_at')} AS firmada_at,
               ${isoSql('a.updated_at')} AS actualizada_at
          FROM empresas e
          LEFT JOIN LATERAL (
            SELECT * FROM autoevaluaciones x WHERE x.empresa_id = e.id AND x.ano = ${ano}
             ORDER BY x.version DESC LIMIT 1) a ON true
         WHERE e.activa
         ORDER BY e.razon_social, e.id`,
  );
  const autoevaluaciones: AutoevaluacionesStaffRespuesta['autoevaluaciones'] = [];
  const vencidas: AutoevaluacionesStaffRespuesta['vencidas'] = [];
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
    const fecha = firmada && f.firmada_at ? hoyEnColombia(new Date(f.firmada_at)) : hoy;
    const atrasadas = accionesVencidas(c.plan, hoy);
    // The staff screen's overdue actions (decision 142): who must do what, since when.
    for (const a of atrasadas)
      vencidas.push({
        empresaid: f.empresa_id,
        razonSocial: f.razon_social,
        codigo: a.codigo,
        actividad: a.actividad ?? null,
        responsable: a.responsable ?? null,
        plazo: a.plazo!,
        diasVencida: diaNumero(hoy) - diaNumero(a.plazo!),
      });
    autoevaluaciones.push({
      empresaid: f.empresa_id,
      nit: f.nit,
      razonSocial: f.razon_social,
      ano: f.ano,
      version: f.version ?? 1,
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
      accionesVencidas: atrasadas.length,
      reporteArl: plazosPorClasificacion(c.clasificacion, fecha).reporteArl,
    });
  }
  vencidas.sort((a, b) => b.diasVencida - a.diasVencida || a.razonSocial.localeCompare(b.razonSocial));
  return { autoevaluaciones, sinAutoevaluacion, vencidas };
}

/**
 * GET /api/revision/autoevaluaciones/{empresaId} (decision 142): every version of one company, newest
 * first, scored again, and the signed evaluation that counts today for the minimum per contract type.
 */
export async function historialStaff(
  db: Db,
  empresaId: number,
  hoy: string,
): Promise<AutoevaluacionHistorial> {
  const [e] = await query<{ id: number; nit: string; razon_social: string }>(
    db,
    sql`SELECT id, nit, razon_social FROM empresas WHERE id = ${empresaId}`,
  );
  if (!e) throw new AppError('not_found', HABILITACION_MSG.habStaffEmpresaNoEncontrada);
  const filas = await query<
    Required<Omit<Fila, 'empresa_id' | 'nit' | 'razon_social'>> & { puntaje_firmado: number }
  >(
    db,
    sql`SELECT ano, version, trabajadores, clase_riesgo, respuestas, plan, estado, puntaje::float8 AS puntaje_firmado,
               ${isoSql('firmada_at')} AS firmada_at,
               ${isoSql('updated_at')} AS actualizada_at
          FROM autoevaluaciones WHERE empresa_id = ${empresaId} ORDER BY ano DESC, version DESC`,
  );
  const versiones = filas.map((f) => {
    const c = calificarEvaluacion({
      trabajadores: f.trabajadores!,
      claseRiesgo: f.clase_riesgo!,
      respuestas: f.respuestas ?? [],
      plan: f.plan ?? [],
    });
    const firmada = f.estado === 'firmada';
    return {
      ano: f.ano!,
      version: f.version!,
      puntaje: c.puntaje,
      clasificacion: c.clasificacion,
      lista: c.lista,
      firmada,
      fecha: (firmada ? f.firmada_at : f.actualizada_at) ?? '',
      accionesVencidas: accionesVencidas(c.plan, hoy).length,
    };
  });
  const vigente = evaluacionQueCuenta(
    filas
      .filter((f) => f.estado === 'firmada')
      .map((f) => ({ ano: f.ano!, version: f.version!, puntaje: Number(f.puntaje_firmado) })),
    hoy,
  );
  return { empresaId: e.id, nit: e.nit, razonSocial: e.razon_social, versiones, vigente };
}
