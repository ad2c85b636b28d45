/**
 * The 'reporte' module answers /api/contratista/reporte: historic paths the contract keeps
 * (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hoyEnColombia,
  reporte,
  reporteDetalleParams,
  reporteDetalleQuery,
  reporteDetalleRow,
  reporteQuery,
} from '@proveedores/domain';
import { clockOf } from '../../lib/clock';
import { getDetail } from './get-detail';
import { getSummary } from './get-summary';
import { detailScope, summaryScope } from './policy';

/** Home compliance summary and its drill-down (docs/decisions/021). */
export default async function reporteRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const warningDays = app.config.expiryWarningDays;
  const hoy = () => hoyEnColombia(clockOf(app.config).now());

  app.get(
    '/api/contratista/reporte',
    {
      schema: {
        description:
          'Per company (nit) and module: faltantes (mandatory items with no submission), poxvencer (approved, ' +
          'validity ending within EXPIRY_WARNING_DAYS), vencidos (approved, validity ended) and rechazados ' +
          '(newest submission rejected). Contractors get their own company; staff the company of ?nit=, or ' +
          'a page of the active companies by razón social (?page=1&pageSize=20, at most 100).',
        querystring: reporteQuery,
        response: { 200: reporte },
      },
    },
    async (request) =>
      getSummary({ db: app.db, scope: summaryScope(request, request.query), warningDays, hoy: hoy() }),
  );

  app.get(
    '/api/contratista/reporte/:modulo/:filtro',
    {
      schema: {
        description:
          'Drill-down of one count of the summary. modulo: sg-sst | sg-personal | g-riesgo | g-retenido. ' +
          'filtro (codes of docs/contract.md): -9 pending upload (faltantes), -5 expired and about to expire ' +
          '(vencidos + poxvencer, with vigencia), -1 rejected (rechazados, with motivorechazo). The company is ' +
          "the token's; staff name it with ?nit=. Row keys appear only when they apply: proyecto (not sg-sst), " +
          'lapso (g-riesgo), empleado and nombre (sg-personal), vigencia (-5), motivorechazo (-1).',
        params: reporteDetalleParams,
        querystring: reporteDetalleQuery,
        response: { 200: z.array(reporteDetalleRow) },
      },
    },
    async (request) =>
      getDetail({
        db: app.db,
        scope: detailScope(request, request.query.nit),
        modulo: request.params.modulo,
        filtro: request.params.filtro,
        warningDays,
        hoy: hoy(),
      }),
  );
}
