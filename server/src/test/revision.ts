import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  fechasQuePide,
  finVigencia,
  reglaVigencia,
  sumarDias,
  type ReglaVigencia,
} from '@proveedores/domain';
import { query } from '../db/client';
import { DEMO } from '../db/seed';
import { clockOf } from '../lib/clock';
import { samplePdf } from '../lib/file-check-samples';

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

/**
 * Uploads a PDF to an SG-SST item through the contractor API; returns the new entregas id.
 * `fechas`: the document dates the contractor gives with the upload (decision 108).
 */
export async function uploadSgSst(
  app: FastifyInstance,
  headers: Record<string, string>,
  requisitoId: number,
  name = 'documento.pdf',
  text?: string,
  fechas: FechasDocumento = {},
): Promise<number> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${requisitoId}`,
    headers,
    payload: {
      ...fechas,
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

// ---------- Document dates for approval (decisions 105, 113) ----------

/**
 * The dates a document states, named as the upload payload and the approve body name them: approval
 * derives the validity end from them with the requirement's rule, and refuses when one it needs is
 * missing (decision 113).
 */
export type FechasDocumento = { fechaExpedicion?: string; fechaVencimiento?: string; proximoExamen?: string };

/** Today in Colombia as the app sees it: its config.clock when the test set one, else the system clock. */
export const hoyDe = (app: FastifyInstance): string => hoyEnColombia(clockOf(app.config).now());

/** A requirement's validity rule (decision 105), read by the domain schema; null when it has none. */
export async function reglaDe(app: FastifyInstance, requisitoId: number): Promise<ReglaVigencia | null> {
  const [r] = await query<{ regla: unknown }>(
    app.db,
    sql`SELECT regla_vigencia AS regla FROM requisitos WHERE id = ${requisitoId}`,
  );
  if (!r) throw new Error(`no requisito ${requisitoId}`);
  if (r.regla === null) return null;
  return reglaVigencia.parse(typeof r.regla === 'string' ? JSON.parse(r.regla) : r.regla);
}

/**
 * Realistic dates of a document under `regla` as of `hoy`, only the ones the rule reads: issued
 * `expedidoHace` days before hoy (3 unless told), its stated end or next exam `venceEn` days after hoy
 * (180 unless told; negative: a document already expired). Without a rule, none.
 */
export function fechasDeDocumento(
  regla: ReglaVigencia | null,
  hoy: string,
  opts: { expedidoHace?: number; venceEn?: number } = {},
): FechasDocumento {
  const pide = regla ? fechasQuePide(regla) : [];
  const { expedidoHace = 3, venceEn = 180 } = opts;
  return {
    ...(pide.includes('expedicion') ? { fechaExpedicion: sumarDias(hoy, -expedidoHace) } : {}),
    ...(pide.includes('vencimiento') ? { fechaVencimiento: sumarDias(hoy, venceEn) } : {}),
    ...(pide.includes('proximoExamen') ? { proximoExamen: sumarDias(hoy, venceEn) } : {}),
  };
}

/** The end the rule gives with those dates (the domain's finVigencia), to compare with an approval. */
export function finSegunRegla(
  regla: ReglaVigencia,
  f: FechasDocumento,
  nit: string | null = null,
): string | null {
  return finVigencia(regla, {
    expedicion: f.fechaExpedicion,
    vencimiento: f.fechaVencimiento,
    proximoExamen: f.proximoExamen,
    nit,
  });
}

/** The usual call: realistic dates for the requirement's rule, today taken from the app's clock. */
export async function fechasParaAprobar(
  app: FastifyInstance,
  requisitoId: number,
  opts: { expedidoHace?: number; venceEn?: number } = {},
): Promise<FechasDocumento> {
  return fechasDeDocumento(await reglaDe(app, requisitoId), hoyDe(app), opts);
}
