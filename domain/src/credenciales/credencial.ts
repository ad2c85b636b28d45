import { z } from 'zod';
import { diaNumero, esFechaIso, isoDeNumero } from '../calendario';
import { CREDENCIALES_MSG } from './messages';
import { staffFecha, staffQueryId } from '../consultas';

/**
 * A worker's credential code, the text of the carnet's QR (docs/decisions/122). It names the
 * credential, never the document number nor a session token, and carries an Ed25519 signature so a
 * gate phone verifies it without signal against the public keys (`GET /api/porteria/claves`).
 *
 *   'PV1.' + base64url( payload (21 bytes) || signature (64 bytes) )   -> 118 characters
 *
 * payload: version (1 byte, 1) | kid (4 bytes: the first bytes of SHA-256 of the raw public key) |
 * credential id | contract id | project id (uint32 big-endian each) | issue day | expiry day (uint16:
 * days since 1970-01-01; 0 = no expiry). The signature covers FIRMA_CONTEXTO || payload, so no other
 * signed thing of the application (the gate roster) can pass for a credential.
 *
 * Verification uses WebCrypto Ed25519 (`crypto.subtle`), the same code in the browser (Chromium 137+,
 * secure contexts) and in Node 20; signing happens only on the server.
 */

export const CODIGO_PREFIJO = 'PV1.';
export const CODIGO_VERSION = 1;
export const PAYLOAD_BYTES = 21;
export const FIRMA_BYTES = 64;
/** Length of every valid code: the prefix and the base64url of 85 bytes. */
export const CODIGO_LARGO = CODIGO_PREFIJO.length + Math.ceil(((PAYLOAD_BYTES + FIRMA_BYTES) * 4) / 3);
const FIRMA_CONTEXTO = new TextEncoder().encode('proveedores/credencial/v1\0');

/** One public key as served to gates: a JWK (OKP, Ed25519) with its key id. */
export const clavePublica = z.object({
  kid: z.string().regex(/^[0-9a-f]{8}$/),
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64url. */
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type ClavePublica = z.infer<typeof clavePublica>;
/** GET /api/porteria/claves: the current key first; older ones while codes signed by them live. */
export const clavesPublicas = z.object({ claves: z.array(clavePublica) });
export type ClavesPublicas = z.infer<typeof clavesPublicas>;

export type CredencialPayload = {
  version: number;
  kid: string;
  credencialId: number;
  contratoId: number;
  proyectoId: number;
  /** Issue day, 'YYYY-MM-DD' (the day the carnet was printed). */
  emitida: string;
  /** Last valid day, 'YYYY-MM-DD', or null while the contract has no end. */
  vence: string | null;
};

export type VerificacionCodigo =
  { ok: true; credencial: CredencialPayload } | { ok: false; motivo: string; credencial?: CredencialPayload };

// ---------- bytes ----------

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    if (left > 1) out += B64[(n >> 6) & 63];
    if (left > 2) out += B64[n & 63];
  }
  return out;
}

/** Null for anything that is not unpadded base64url with canonical trailing bits. */
export function desdeBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const c of text) {
    const v = B64_INDEX.get(c);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

/** A day as its calendar day number (calendario.ts), in the 16 bits the payload has for it. */
function diaANumero(dia: string): number {
  if (!esFechaIso(dia)) throw new RangeError(`Día no válido: ${dia}`);
  const n = diaNumero(dia);
  if (n < 1 || n > 0xffff) throw new RangeError(`Día fuera de rango: ${dia}`);
  return n;
}
const numeroADia = isoDeNumero;

function uint32(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`${what} fuera de rango`);
  return n;
}

/** The 21 payload bytes of a credential (the server signs FIRMA_CONTEXTO || these). */
export function codificarPayload(p: Omit<CredencialPayload, 'version'>): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  const v = new DataView(bytes.buffer);
  if (!/^[0-9a-f]{8}$/.test(p.kid)) throw new RangeError('kid no válido');
  v.setUint8(0, CODIGO_VERSION);
  v.setUint32(1, parseInt(p.kid, 16));
  v.setUint32(5, uint32(p.credencialId, 'credencialId'));
  v.setUint32(9, uint32(p.contratoId, 'contratoId'));
  v.setUint32(13, uint32(p.proyectoId, 'proyectoId'));
  v.setUint16(17, diaANumero(p.emitida));
  v.setUint16(19, p.vence === null ? 0 : diaANumero(p.vence));
  return bytes;
}

function leerPayload(bytes: Uint8Array): CredencialPayload {
  const v = new DataView(bytes.buffer, bytes.byteOffset, PAYLOAD_BYTES);
  const vence = v.getUint16(19);
  return {
    version: v.getUint8(0),
    kid: v.getUint32(1).toString(16).padStart(8, '0'),
    credencialId: v.getUint32(5),
    contratoId: v.getUint32(9),
    proyectoId: v.getUint32(13),
    emitida: numeroADia(v.getUint16(17)),
    vence: vence === 0 ? null : numeroADia(vence),
  };
}

/** The exact bytes the signature covers. */
export function mensajeAFirmar(payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const m = new Uint8Array(FIRMA_CONTEXTO.length + payload.length);
  m.set(FIRMA_CONTEXTO);
  m.set(payload, FIRMA_CONTEXTO.length);
  return m;
}

/** The QR text from the payload and its 64-byte signature. */
export function armarCodigo(payload: Uint8Array, firma: Uint8Array): string {
  if (payload.length !== PAYLOAD_BYTES || firma.length !== FIRMA_BYTES)
    throw new RangeError('Código mal formado');
  const all = new Uint8Array(PAYLOAD_BYTES + FIRMA_BYTES);
  all.set(payload);
  all.set(firma, PAYLOAD_BYTES);
  return CODIGO_PREFIJO + base64url(all);
}

/**
 * Reads a code WITHOUT checking its signature (null when it is not one): for display and tests;
 * anything that decides uses verificarCodigo.
 */
export function decodificarCodigo(codigo: string): {
  credencial: CredencialPayload;
  payload: Uint8Array<ArrayBuffer>;
  firma: Uint8Array<ArrayBuffer>;
} | null {
  const text = codigo.trim();
  if (text.length !== CODIGO_LARGO || !text.startsWith(CODIGO_PREFIJO)) return null;
  const bytes = desdeBase64url(text.slice(CODIGO_PREFIJO.length));
  if (!bytes || bytes.length !== PAYLOAD_BYTES + FIRMA_BYTES) return null;
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  const credencial = leerPayload(payload);
  if (credencial.version !== CODIGO_VERSION) return null;
  if (credencial.credencialId === 0 || credencial.contratoId === 0 || credencial.proyectoId === 0)
    return null;
  if (credencial.vence !== null && credencial.vence < credencial.emitida) return null;
  return { credencial, payload, firma: bytes.slice(PAYLOAD_BYTES) };
}

// ---------- verification (browser and Node) ----------

/** Imported public keys, by their raw base64url: one import per key for the life of the page/process. */
const importadas = new Map<string, Promise<CryptoKey | null>>();

function claveDe(x: string): Promise<CryptoKey | null> {
  // Browsers expose crypto.subtle only in secure contexts (HTTPS, localhost): say so, not 'no válido'.
  if (!globalThis.crypto?.subtle) throw new Error(CREDENCIALES_MSG.credencialSinWebCrypto);
  let key = importadas.get(x);
  if (!key) {
    const raw = desdeBase64url(x);
    key =
      raw && raw.length === 32
        ? crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']).catch(() => null)
        : Promise.resolve(null);
    if (importadas.size > 64) importadas.clear();
    importadas.set(x, key);
  }
  return key;
}

/**
 * Checks a scanned code against the gate's public keys on a Colombian day 'YYYY-MM-DD': the payload,
 * or why not ('Código no válido' for anything unreadable, an unknown key or a bad signature;
 * 'Credencial vencida' after its expiry day). Revocation and the contract's state are the server's
 * (verificarCredencial) or the roster's to tell. Throws (MSG.credencialSinWebCrypto) only where the
 * page has no WebCrypto, i.e. it is not a secure context.
 */
export async function verificarCodigo(
  codigo: string,
  claves: readonly Pick<ClavePublica, 'kid' | 'x'>[],
  fecha: string,
): Promise<VerificacionCodigo> {
  const noValido = { ok: false as const, motivo: CREDENCIALES_MSG.credencialCodigoNoValido };
  const leido = typeof codigo === 'string' ? decodificarCodigo(codigo) : null;
  if (!leido) return noValido;
  const clave = claves.find((c) => c.kid === leido.credencial.kid);
  const key = clave ? await claveDe(clave.x) : null;
  if (!key) return noValido;
  let valida = false;
  try {
    valida = await crypto.subtle.verify({ name: 'Ed25519' }, key, leido.firma, mensajeAFirmar(leido.payload));
  } catch {
    valida = false;
  }
  if (!valida) return noValido;
  if (leido.credencial.vence !== null && fecha > leido.credencial.vence)
    return { ok: false, motivo: CREDENCIALES_MSG.credencialVencida, credencial: leido.credencial };
  return { ok: true, credencial: leido.credencial };
}

/** The key id of a raw Ed25519 public key: the first 4 bytes of its SHA-256, hex. */
export async function kidDe(raw: Uint8Array<ArrayBuffer>): Promise<string> {
  const h = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  return [...h.slice(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------- API contracts ----------

/** ?contratoid= of the carnet PDF and of the staff list. */
export const credencialesQuery = z.object({ contratoid: staffQueryId });

/** POST /api/revision/credenciales/{id}/revocar */
export const revocarCredencialBody = z.strictObject({
  motivo: z.string().trim().min(5, CREDENCIALES_MSG.credencialMotivoRequerido).max(300),
});
export type RevocarCredencialBody = z.infer<typeof revocarCredencialBody>;

/** One row of GET /api/revision/credenciales?contratoid= */
export const credencialFila = z.object({
  id: z.number().int(),
  empleadoId: z.number().int(),
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  nombre: z.string(),
  /** ISO instant of the first issue. */
  emitidaAt: z.string(),
  vence: staffFecha.nullable(),
  revocadaAt: z.string().nullable(),
  motivo: z.string().nullable(),
});
export type CredencialFila = z.infer<typeof credencialFila>;
export const credencialesLista = z.object({ credenciales: z.array(credencialFila) });
export type CredencialesLista = z.infer<typeof credencialesLista>;

export const revocarCredencialRespuesta = z.object({
  id: z.number().int(),
  revocadaAt: z.string(),
  motivo: z.string(),
});
