/**
 * The 'autoevaluacion' module answers /api/contratista/autoevaluacion, /api/revision/autoevaluaciones:
 * historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autoevaluacionFirmaBody,
  autoevaluacionParams,
  autoevaluacionPutBody,
  autoevaluacionesStaffQuery,
  autoevaluacionHistorial,
  autoevaluacionHistorialParams,
  MSG,
  hoyEnColombia,
} from '@proveedores/domain';
import { AppError } from '../../errors';
import { blobStoreFor } from '../../files';
import { clockOf } from '../../lib/clock';
import { requireProveedor, requireStaff } from '../../plugins/auth';
import { evidenceActor } from '../../uploads/upload-evidence';
import { guardarBorrador, sugerenciasDeEvidencia, ultimaVersion, valoresIniciales } from './almacen';
import { autoevaluacionRespuestaServidor, calificarEvaluacion, respuestaDe } from './calificacion';
import { exigirAdministrador, firmarAutoevaluacion } from './firmar';
import { autoevaluacionesStaffRespuesta, historialStaff, listaStaff } from './staff';

/**
 * The contractor's yearly Resolución 0312 self-evaluation (docs/decisions/133, 135): read it (or the
 * starting values), save the draft, sign it (the PDF becomes the year's E05 submission); staff list
 * each company's result of a year.
 */

/**
 * Schema failures answered as the bare Spanish message of the first problem (all of them in
 * `detail`): the generic handler would put the field path before it (decision 133). Called after
 * the caller's role is checked.
 */
function rechazarInvalido(request: FastifyRequest): void {
  const err = request.validationError as { validation?: { message?: string }[] } | undefined;
  if (!err) return;
  const mensajes = (err.validation ?? []).map((v) => v.message ?? '').filter(Boolean);
  throw new AppError('bad_request', mensajes[0] ?? MSG.badRequest, { detail: mensajes });
}

/** Answers the PUT refuses instead of saving: the rest (unanswered items, the plan) stay draft errors. */
const REGLAS_QUE_RECHAZAN = new Set(['codigo.desconocido', 'no-aplica.justificacion']);

export default async function autoevaluacionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const { db, config } = app;
  const clock = clockOf(config);
  const store = blobStoreFor(config);
  const limits = { ratePerMinute: config.uploadRatePerMinute, quotaBytes: config.uploadQuotaBytes };
  const hoy = () => hoyEnColombia(clock.now());

  async function leer(empresaId: number, ano: number) {
    const [ultima, sugerencias] = await Promise.all([
      ultimaVersion(db, empresaId, ano),
      sugerenciasDeEvidencia(db, empresaId),
    ]);
    if (ultima) return respuestaDe(ultima, hoy(), sugerencias);
    const iniciales = await valoresIniciales(db, empresaId);
    return respuestaDe(
      {
        ano,
        version: 0,
        ...iniciales,
        respuestas: [],
        plan: [],
        estado: 'borrador',
        firma: null,
        entregaId: null,
        actualizadaAt: clock.now().toISOString(),
      },
      hoy(),
      sugerencias,
    );
  }

  app.get(
    '/api/contratista/autoevaluacion/:ano',
    { schema: { params: autoevaluacionParams, response: { 200: autoevaluacionRespuestaServidor } } },
    async (request) => leer(requireProveedor(request).empresaId, request.params.ano),
  );

  app.put(
    '/api/contratista/autoevaluacion/:ano',
    {
      attachValidation: true,
      schema: {
        params: autoevaluacionParams,
        body: autoevaluacionPutBody,
        response: { 200: autoevaluacionRespuestaServidor },
      },
    },
    async (request) => {
      const actor = evidenceActor(request);
      rechazarInvalido(request);
      const body = request.body;
      const c = calificarEvaluacion({
        trabajadores: body.trabajadores,
        claseRiesgo: body.claseRiesgo,
        respuestas: body.items,
        plan: body.plan ?? [],
      });
      const rechazo = c.errores.find((e) => REGLAS_QUE_RECHAZAN.has(e.regla));
      if (rechazo) throw new AppError('bad_request', rechazo.mensaje);
      await guardarBorrador(db, actor, request.params.ano, body);
      return leer(actor.empresaId, request.params.ano);
    },
  );

  app.post(
    '/api/contratista/autoevaluacion/:ano/firmar',
    {
      attachValidation: true,
      schema: {
        params: autoevaluacionParams,
        body: autoevaluacionFirmaBody,
        response: { 200: autoevaluacionRespuestaServidor.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = evidenceActor(request);
      await exigirAdministrador(db, actor);
      rechazarInvalido(request);
      return firmarAutoevaluacion({
        db,
        store,
        actor,
        username: requireProveedor(request).username,
        ano: request.params.ano,
        body: request.body,
        limits,
        now: clock.now(),
      });
    },
  );

  app.get(
    '/api/revision/autoevaluaciones',
    {
      schema: { querystring: autoevaluacionesStaffQuery, response: { 200: autoevaluacionesStaffRespuesta } },
    },
    async (request) => {
      requireStaff(request);
      return listaStaff(db, request.query.ano, hoy());
    },
  );

  app.get(
    '/api/revision/autoevaluaciones/:empresaId',
    {
      schema: { params: autoevaluacionHistorialParams, response: { 200: autoevaluacionHistorial } },
    },
    async (request) => {
      requireStaff(request);
      return historialStaff(db, request.params.empresaId, hoy());
    },
  );
}
