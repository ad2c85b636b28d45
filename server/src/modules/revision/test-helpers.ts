import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { samplePdf } from '../../lib/file-check-samples';

/** Staff and contractor helpers of the review tests (real API calls, real database). */
export const ADMIN = {
  username: DEMO.admin.username,
  password: DEMO.adminPassword,
  path: '/api/login/authenticatead',
};

export function pdf(text = 'prueba'): Buffer {
  return samplePdf(text);
}

export async function requisito(app: FastifyInstance, modulo: string, codigo: string): Promise<number> {
  const [r] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
  );
  if (!r) throw new Error(`no requisito ${modulo} ${codigo}`);
  return r.id;
}

/** Uploads a PDF to an SG-SST item through the contractor API; returns the new entregas id. */
export async function uploadSgSst(
  app: FastifyInstance,
  headers: Record<string, string>,
  requisitoId: number,
  name = 'documento.pdf',
  text?: string,
): Promise<number> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${requisitoId}`,
    headers,
    payload: {
      adjunto: { adjunto: pdf(text ?? name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
    },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed ${res.statusCode}: ${res.body}`);
  return res.json().idEntrega as number;
}

export async function commentSgSst(
  app: FastifyInstance,
  headers: Record<string, string>,
  requisitoId: number,
  detalle: string,
): Promise<number> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${requisitoId}`,
    headers,
    payload: { detalle },
  });
  if (res.statusCode !== 200) throw new Error(`comment failed ${res.statusCode}: ${res.body}`);
  return res.json().idEntrega as number;
}

export async function empresaId(app: FastifyInstance, nit: string): Promise<number> {
  const [r] = await query<{ id: number }>(app.db, sql`SELECT id FROM empresas WHERE nit = ${nit}`);
  return r.id;
}

export async function setMotivos(app: FastifyInstance, requisitoId: number, motivos: string[]) {
  await query(
    app.db,
    sql`UPDATE requisitos SET motivos_rechazo = ${JSON.stringify(motivos)}::jsonb WHERE id = ${requisitoId}`,
  );
}
