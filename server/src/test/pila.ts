import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { codigoAdministradora } from '@proveedores/domain';
import { aLatin1, modeloPila, serializarPila, type PilaModelo } from '@proveedores/domain/pila/generador';
import { query } from '../db/client';
import { firstCargo, validEmployee } from './empleados';

/** PUT /api/contratista/pila of a flat file (text, sent in ISO-8859-1, or bytes) for one contract and month. */
export function putPila(
  app: FastifyInstance,
  headers: Record<string, string>,
  opts: { contratoId: number; ano: number; mes: number; contenido: string | Uint8Array; nombre?: string },
) {
  const nombre = opts.nombre ?? 'planilla.txt';
  return app.inject({
    method: 'PUT',
    url: `/api/contratista/pila?contratoid=${opts.contratoId}&ano=${opts.ano}&mes=${opts.mes}`,
    headers,
    payload: {
      adjunto: {
        adjunto: Buffer.from(
          typeof opts.contenido === 'string' ? aLatin1(opts.contenido) : opts.contenido,
        ).toString('base64'),
        nombreArchivo: nombre,
        extension: nombre.split('.').pop(),
      },
    },
  });
}

/**
 * A planilla of `documentos` (CC) for the contractor's own NIT and `periodo` 'YYYY-MM', uploaded
 * through PUT /api/contratista/pila; answers the response (docs/decisions/128).
 */
export async function subirPlanilla(
  app: FastifyInstance,
  headers: Record<string, string>,
  opts: { contratoId: number; nit: string; periodo: string; documentos: string[] },
) {
  const texto = serializarPila(
    modeloPila({
      periodo: opts.periodo,
      n: 0,
      aportante: { nit: opts.nit },
      personas: opts.documentos.map((numeroDocumento) => ({ numeroDocumento, tipoDocumento: 'CC' })),
    }),
  );
  const [ano, mes] = opts.periodo.split('-').map(Number);
  return putPila(app, headers, {
    contratoId: opts.contratoId,
    ano,
    mes,
    contenido: texto,
    nombre: `pila-${opts.periodo}.txt`,
  });
}

/**
 * The PILA API tests' contract (docs/decisions/128): the first contract of the demo contractor NIT
 * 900123456 (heights work, activity class V), started 2026-06-01, with `documentos` registered on
 * it through the API (CC, social security since 2026-07-01). With `soloEstos`, the contract's
 * other workers are taken off it first. Answers the contract id.
 */
export async function contratoPila(
  app: FastifyInstance,
  headers: Record<string, string>,
  documentos: string[],
  opts: { soloEstos?: boolean } = {},
): Promise<number> {
  const [{ id: contratoId }] = await query<{ id: number }>(
    app.db,
    sql`SELECT c.id FROM contratos c JOIN empresas e ON e.id = c.empresa_id
         WHERE e.nit = '900123456' ORDER BY c.id LIMIT 1`,
  );
  await query(app.db, sql`UPDATE contratos SET fecha_inicio = '2026-06-01' WHERE id = ${contratoId}`);
  if (opts.soloEstos)
    await query(app.db, sql`UPDATE empleados_contratos SET activo = false WHERE contrato_id = ${contratoId}`);
  const cargo = await firstCargo(app, headers);
  for (const numero of documentos) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, {
        numerodocumento: numero,
        contratoid: contratoId,
        fecini_seg_social: '2026-07-01',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return contratoId;
}

/**
 * The month's planilla of the workers of `contratoPila` as the generator builds it: NIT 900123456
 * with the ARL and EPS of `validEmployee`, each one a dependiente (01) on 2,000,000 for the whole
 * month with no novedad; not paid yet (the tests add the operator's payment where they need it).
 */
export function modeloPilaDe(documentos: string[], periodo: string): PilaModelo {
  const worker = validEmployee(0);
  return modeloPila({
    periodo,
    n: 0,
    smmlv: 1_750_905,
    aportante: {
      nit: '900123456',
      razonSocial: 'MONTAJES Y ESTRUCTURAS DEL NORTE SAS',
      arl: codigoAdministradora('ARL', String(worker.arl))!,
    },
    personas: documentos.map((numeroDocumento) => ({
      numeroDocumento,
      tipoDocumento: 'CC',
      tipoCotizante: '01',
      salario: 2_000_000,
      ingreso: null,
      retiro: null,
      novedad: null,
      eps: codigoAdministradora('EPS', String(worker.eps))!,
    })),
  });
}
