/**
 * The 'porteria' module answers /api/admin/porteria, /api/contratista/horas-hombre, /api/porteria/proyectos,
 * /api/porteria/registros, /api/porteria/roster, /api/porteria/verificar, /api/revision/horas-hombre,
 * /api/revision/porteria: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hoyEnColombia,
  horasHombreContratistaQuery,
  horasHombreRespuesta,
  horasHombreRevisionQuery,
  MSG,
  porteriaProyecto,
  porteriaProyectosBody,
  porteriaProyectosRespuesta,
  porteriaUsuarioParams,
  registrosBody,
  registrosRespuesta,
  rosterFirmado,
  rosterQuery,
  verificacion,
  verificarBody,
} from '@proveedores/domain';
import { registrosDiaQuery, registrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client';
import { AppError } from '../../errors';
import { clockOf } from '../../lib/clock';
import { requireStaff } from '../../plugins/auth';
import { getGateAssignment, setGateProjects } from './asignacion';
import { horasHombre } from './horas-hombre';
import {
  gateAdmin,
  gateCaller,
  gateProject,
  gateProjects,
  manHoursContractor,
  manHoursStaff,
} from './policy';
import { guardarRegistros } from './registros';
import { registrosDelDia } from './registros-staff';
import { buildRoster } from './roster';
import { verificar } from './verificar';

/** The site gate: projects, roster, verification, entry and exit records (docs/decisions/123). */
export default async function porteriaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const { db, config } = app;
  const clock = clockOf(config);
  const gate = { onRequest: async (request: Parameters<typeof gateCaller>[0]) => void gateCaller(request) };

  app.get(
    '/api/porteria/proyectos',
    { ...gate, schema: { response: { 200: z.array(porteriaProyecto) } } },
    async (request) => gateProjects(db, gateCaller(request)),
  );

  app.get(
    '/api/porteria/roster',
    { ...gate, schema: { querystring: rosterQuery, response: { 200: rosterFirmado } } },
    async (request) => {
      const proyecto = await gateProject(db, gateCaller(request), request.query.proyectoid);
      // The server's Colombian day, whatever the phone asks (docs/decisions/160).
      const now = clock.now();
      return buildRoster(db, config, { proyecto, fecha: hoyEnColombia(now), now });
    },
  );

  app.post(
    '/api/porteria/verificar',
    { ...gate, schema: { body: verificarBody, response: { 200: verificacion } } },
    async (request) => {
      const b = request.body;
      await gateProject(db, gateCaller(request), b.proyectoid);
      // Fitness on the server's Colombian day: the body's `fecha` is ignored (docs/decisions/160).
      return verificar(db, config, {
        proyectoId: b.proyectoid,
        codigo: b.codigo,
        tipodocumento: b.tipodocumento,
        numerodocumento: b.numerodocumento,
        fecha: hoyEnColombia(clock.now()),
      });
    },
  );

  app.post(
    '/api/porteria/registros',
    { ...gate, schema: { body: registrosBody, response: { 200: registrosRespuesta } } },
    async (request) =>
      guardarRegistros(db, config, { user: gateCaller(request), body: request.body, now: clock.now() }),
  );

  // ---------- an administrator assigns gate users' projects ----------
  const admin = { onRequest: async (request: Parameters<typeof gateAdmin>[0]) => void gateAdmin(request) };
  app.get(
    '/api/admin/porteria/:usuarioId/proyectos',
    { ...admin, schema: { params: porteriaUsuarioParams, response: { 200: porteriaProyectosRespuesta } } },
    async (request) => getGateAssignment(db, request.params.usuarioId),
  );
  app.put(
    '/api/admin/porteria/:usuarioId/proyectos',
    {
      ...admin,
      schema: {
        params: porteriaUsuarioParams,
        body: porteriaProyectosBody,
        response: { 200: porteriaProyectosRespuesta },
      },
    },
    async (request) =>
      setGateProjects(db, {
        usuarioId: request.params.usuarioId,
        proyectos: request.body.proyectos,
        actor: { usuarioId: gateAdmin(request).usuarioId, ip: request.ip },
      }),
  );

  // ---------- staff read the day's records (docs/decisions/131) ----------
  app.get(
    '/api/revision/porteria/registros',
    {
      onRequest: async (request) => void requireStaff(request),
      schema: {
        description: "Staff: a project's gate records of one Colombian day (default today), newest first.",
        querystring: registrosDiaQuery,
        response: { 200: registrosDiaRespuesta },
      },
    },
    async (request) => {
      const proyecto = await gateProject(db, requireStaff(request), request.query.proyectoid);
      return registrosDelDia(db, {
        proyectoId: proyecto.id,
        fecha: request.query.fecha ?? hoyEnColombia(clock.now()),
      });
    },
  );

  // ---------- man-hours ----------
  app.get(
    '/api/revision/horas-hombre',
    {
      onRequest: async (request) => void manHoursStaff(request),
      schema: { querystring: horasHombreRevisionQuery, response: { 200: horasHombreRespuesta } },
    },
    async (request) => {
      const q = request.query;
      return horasHombre(db, {
        ano: q.ano,
        mes: q.mes,
        proyectoId: q.proyectoid,
        turnoHoras: config.turnoHoras,
      });
    },
  );
  app.get(
    '/api/contratista/horas-hombre',
    {
      onRequest: async (request) => void manHoursContractor(request),
      schema: { querystring: horasHombreContratistaQuery, response: { 200: horasHombreRespuesta } },
    },
    async (request) => {
      const user = manHoursContractor(request);
      const q = request.query;
      const [c] = await query<{ proyecto_id: number }>(
        db,
        sql`SELECT proyecto_id FROM contratos WHERE id = ${q.contratoid} AND empresa_id = ${user.empresaId}`,
      );
      if (!c) throw new AppError('not_found', MSG.porteriaContratoAjeno);
      return horasHombre(db, {
        ano: q.ano,
        mes: q.mes,
        proyectoId: c.proyecto_id,
        empresaId: user.empresaId,
        turnoHoras: config.turnoHoras,
      });
    },
  );
}
