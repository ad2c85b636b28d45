/**
 * The 'empleados' module answers /api/contratista/cargos, /api/contratista/empleados,
 * /api/contratista/municipios: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cargosResponse,
  contratoTrabajadoresQuery,
  employeeBody,
  employeeKeyParams,
  employeeView,
  importacionBody,
  importarBody,
  importarResponse,
  PLANTILLA_ARCHIVO,
  previsualizacionResponse,
  linkEmployeeBody,
  MSG,
  municipiosResponse,
  retiroBody,
  retiroResponse,
  saveEmployeeResponse,
  SOCIODEMOGRAFICO_COLUMNS,
  SOCIODEMOGRAFICO_EXCEL_FILENAME,
  trabajadorContrato,
  hoyEnColombia,
  validateEmployee,
} from '@proveedores/domain';
import { AppError } from '../../errors';
import { clockOf } from '../../lib/clock';
import { exportSociodemographicReport, XLSX_MIME } from './export-sociodemographic-report';
import { getEmployee } from './get-employee';
import { getSociodemographicReport } from './get-sociodemographic-report';
import { UPLOAD_BODY_LIMIT } from '../../uploads/limits';
import { importarTrabajadores, previsualizarImportacion } from './importacion';
import { buildImportTemplate } from './importacion-plantilla';
import { linkEmployeeContract } from './link-employee-contract';
import { listCargos } from './list-cargos';
import { listMunicipios } from './list-municipios';
import { canManageEmployees, canReadLists } from './policy';
import { listContractWorkers, withdrawWorker } from './retiro';
import { saveEmployee } from './save-employee';

/** Reference lists may be kept by the browser for five minutes (docs/decisions/043). */
const LIST_CACHE = 'private, max-age=300';
const message = z.object({ message: z.string() });

/**
 * Personnel (docs/contract.md, Calls): employee lookup and save, positions, DANE municipalities,
 * socio-demographic report.
 */
export default async function empleadosRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/cargos',
    {
      schema: {
        description: 'Active positions (cargos) ordered by descripcion.',
        response: { 200: cargosResponse },
      },
    },
    async (request, reply) => {
      canReadLists(request);
      reply.header('Cache-Control', LIST_CACHE);
      return listCargos(db);
    },
  );

  app.get(
    '/api/contratista/municipios',
    {
      schema: {
        description:
          'The 33 DANE departments with their 1,123 municipalities (DIVIPOLA, official names and codes), each ordered by name.',
        response: { 200: municipiosResponse },
      },
    },
    async (request, reply) => {
      canReadLists(request);
      reply.header('Cache-Control', LIST_CACHE);
      return listMunicipios(db);
    },
  );

  const actor = (request: { ip: string }, user: { usuarioId: number; empresaId: number }) => ({
    usuarioId: user.usuarioId,
    empresaId: user.empresaId,
    ip: request.ip,
  });

  // Static paths first in meaning (find-my-way prefers them over the two parameters anyway).
  app.get(
    '/api/contratista/empleados/reportesociodemografico',
    {
      schema: {
        description:
          "The signed-in company's workers, one row per worker with the 41 keys of SOCIODEMOGRAFICO_COLUMNS " +
          `(${SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key).join(', ')}) plus cargos: [{descripcion}], the nested list ` +
          'of positions whose first element gives cargo. Each call is audited (reporte.exported).',
      },
    },
    async (request, reply) => {
      const user = canManageEmployees(request);
      reply.header('Cache-Control', 'no-store');
      return getSociodemographicReport({ db, empresaId: user.empresaId, actor: actor(request, user) });
    },
  );

  app.get(
    '/api/contratista/empleados/reportesociodemografico/excel',
    {
      schema: {
        description:
          "The socio-demographic report as an .xlsx workbook (attachment 'Descarga.xlsx'): a header row with the 41 " +
          'Spanish headers, cargo last, then one row per worker. Each export is audited with its row count.',
      },
    },
    async (request, reply) => {
      const user = canManageEmployees(request);
      const { buffer } = await exportSociodemographicReport({
        db,
        empresaId: user.empresaId,
        actor: actor(request, user),
      });
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="${SOCIODEMOGRAFICO_EXCEL_FILENAME}"; filename*=UTF-8''${encodeURIComponent(SOCIODEMOGRAFICO_EXCEL_FILENAME)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  );

  // Roster import from the Excel template (docs/decisions/137).
  app.get(
    '/api/contratista/empleados/importacion/plantilla',
    {
      schema: {
        description:
          "The roster-import template (attachment 'Plantilla-trabajadores.xlsx'): sheet 'Trabajadores' with the " +
          "employee form's labels as headers, dropdowns for every closed list, cargos, DANE departments and " +
          "'DEPARTAMENTO - MUNICIPIO'; the template version in the hidden sheet 'Control'.",
      },
    },
    async (request, reply) => {
      canManageEmployees(request);
      const buffer = await buildImportTemplate(db);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header(
          'Content-Disposition',
          `attachment; filename="${PLANTILLA_ARCHIVO}"; filename*=UTF-8''${encodeURIComponent(PLANTILLA_ARCHIVO)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  );

  app.post(
    '/api/contratista/empleados/importacion/previsualizar',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        description:
          "Validates a filled template ({adjunto}: base64 .xlsx) for one of the company's contracts ({contratoid}): " +
          'every row with what importing would do (crear, actualizar, sin cambios, rechazar) and every error as ' +
          "{fila, columna, mensaje}. Writes nothing. 404 when the contract is not the company's.",
        body: importacionBody,
        response: { 200: previsualizacionResponse },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return previsualizarImportacion({
        db,
        user,
        contratoId: Number(request.body.contratoid),
        adjunto: request.body.adjunto,
        hoy: hoyEnColombia(clockOf(config).now()),
      });
    },
  );

  app.post(
    '/api/contratista/empleados/importacion/importar',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        description:
          'Imports the valid rows of the same file ({contratoid, adjunto, confirmar: true}), validated again: one ' +
          'transaction upserts each worker by document type and number and links them to the contract. Answers ' +
          '{message, resumen: {creados, actualizados, sinCambios, rechazados}, errores}. Importing the same file ' +
          'again writes nothing. 400 {message, detail} when the file itself is refused.',
        body: importarBody,
        response: { 200: importarResponse },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return importarTrabajadores({
        db,
        user,
        contratoId: Number(request.body.contratoid),
        adjunto: request.body.adjunto,
        ip: request.ip,
        hoy: hoyEnColombia(clockOf(config).now()),
      });
    },
  );

  app.get(
    '/api/contratista/empleados/vinculados',
    {
      schema: {
        description:
          "The workers linked to one of the company's contracts ({contratoid}), active first, then those withdrawn " +
          "with their exit date (fechaRetiro). 404 when the contract is not the company's (docs/decisions/132).",
        querystring: contratoTrabajadoresQuery,
        response: { 200: z.array(trabajadorContrato) },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return listContractWorkers({
        db,
        empresaId: user.empresaId,
        contratoId: Number(request.query.contratoid),
      });
    },
  );

  app.post(
    '/api/contratista/empleados/retiro',
    {
      schema: {
        description:
          "Withdraws the company's worker from one of its contracts on {fecha} (YYYY-MM-DD, not after today in " +
          "Colombia nor before the worker's 'Fecha de ingreso a obra'): the link becomes inactive with that exit " +
          'date, and the PILA reconciliation expects a RET novedad that month. Linking again undoes it. Audited.',
        body: retiroBody,
        response: { 200: retiroResponse },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return withdrawWorker({
        db,
        user,
        body: request.body,
        hoy: hoyEnColombia(clockOf(config).now()),
        ip: request.ip,
      });
    },
  );

  app.get(
    '/api/contratista/empleados/:tipodocumento/:numerodocumento',
    {
      schema: {
        description:
          "The signed-in company's employee identified by document type ({tipodocumento}: CC, PPPT or " +
          "'VISA DE TRABAJO', URL-encoded) and document number ({numerodocumento}; dots and spaces ignored). " +
          'Form fields of docs/contract.md; 404 {message} when the company has no such employee (docs/decisions/041).',
        params: employeeKeyParams,
        response: { 200: employeeView },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return getEmployee({ db, empresaId: user.empresaId, ...request.params });
    },
  );

  app.post(
    '/api/contratista/empleados/:tipodocumento/:numerodocumento/contratos',
    {
      schema: {
        description: 'Links an existing employee of the company to one of its contracts (idempotent).',
        params: employeeKeyParams,
        body: linkEmployeeBody,
        response: { 200: message.extend({ id: z.number(), contratos: z.array(z.number()) }) },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      return linkEmployeeContract({
        db,
        user,
        ...request.params,
        contratoId: Number(request.body.contratoid),
        ip: request.ip,
      });
    },
  );

  app.post(
    '/api/contratista/empleados',
    {
      // The handler reports schema failures itself, after the required-field messages and in form order.
      attachValidation: true,
      schema: {
        description:
          "Creates or updates the company's employee (fields and rules of docs/contract.md). 400 {message, detail: string[]}: " +
          'message is the first problem, detail lists them all (required fields first, in form order).',
        body: employeeBody,
        response: { 200: saveEmployeeResponse },
      },
    },
    async (request) => {
      const user = canManageEmployees(request);
      const result = validateEmployee(request.body, hoyEnColombia(clockOf(config).now()));
      if (!result.ok)
        throw new AppError('bad_request', result.errors[0] ?? MSG.badRequest, { detail: result.errors });
      return saveEmployee({ db, user, input: result.data, ip: request.ip });
    },
  );
}
