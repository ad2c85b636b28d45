import type { FastifyInstance } from 'fastify';
import { aLatin1, modeloPila, serializarPila } from '@proveedores/domain/pila/generador';

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
  return app.inject({
    method: 'PUT',
    url: `/api/contratista/pila?contratoid=${opts.contratoId}&ano=${ano}&mes=${mes}`,
    headers,
    payload: {
      adjunto: {
        adjunto: Buffer.from(aLatin1(texto)).toString('base64'),
        nombreArchivo: `pila-${opts.periodo}.txt`,
        extension: 'txt',
      },
    },
  });
}
