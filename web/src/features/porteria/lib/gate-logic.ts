import {
  MSG,
  REGISTRO_TARDIO_MS,
  type RegistroPorteria,
  type RegistrosRespuesta,
  type RosterContenido,
  type RosterFirmado,
  type RosterTrabajador,
  type Verificacion,
} from '@proveedores/domain';
import { esquemas } from './esquemas';

/**
 * The gate's logic without the browser's storage or screens (decision 124): the roster's signature,
 * the offline decision from a roster, and one sync round of the queue. Pure functions over the
 * domain's zod contracts (loaded apart from the page, ./esquemas), so web unit tests run them as they are.
 */

/**
 * A public key of the server's signing keys as GET /api/porteria/claves serves it (a JWK with its
 * key id; decision 122): the id and the raw 32-byte Ed25519 key, base64url.
 */
export type ClavePublica = { kid: string; x: string };

export function base64urlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The roster's content when its Ed25519 signature verifies over the exact signed string with the
 * key its `kid` names (WebCrypto Ed25519: Chromium 137+, Node 20); null when it does not, when the
 * key is unknown or when the content does not match the contract.
 */
export async function verificarRoster(
  firmado: RosterFirmado,
  claves: readonly ClavePublica[],
): Promise<RosterContenido | null> {
  const clave = claves.find((c) => c.kid === firmado.kid);
  if (!clave) return null;
  try {
    const key = await crypto.subtle.importKey('raw', base64urlToBytes(clave.x), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      base64urlToBytes(firmado.firma),
      new TextEncoder().encode(firmado.contenido),
    );
    if (!ok) return null;
    const { rosterContenido } = await esquemas();
    const parsed = rosterContenido.safeParse(JSON.parse(firmado.contenido));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a signature check of a credential code says (`verificarCodigo`'s answer, narrowed). */
export type CodigoVerificado =
  { ok: true; credencialId: number; proyectoId: number } | { ok: false; motivo: string };

function answer(apto: boolean, motivos: string[], t: RosterTrabajador | null, credencialId: number | null) {
  return { apto, motivos, trabajador: t, credencialId } satisfies Verificacion;
}

function fromWorker(t: RosterTrabajador, credencialId: number | null): Verificacion {
  return answer(t.apto, t.apto ? [] : t.motivos, t, credencialId);
}

/**
 * The offline decision for a scanned code, once its signature was checked: the code's project must
 * be the roster's, its credential not revoked, and its worker on the roster; then the worker's
 * fitness of the roster's day.
 */
export function decidirPorCodigo(roster: RosterContenido, codigo: CodigoVerificado): Verificacion {
  if (!codigo.ok) return answer(false, [codigo.motivo], null, null);
  if (codigo.proyectoId !== roster.proyectoId)
    return answer(false, [MSG.gateOtherProject], null, codigo.credencialId);
  if (roster.revocadas.includes(codigo.credencialId))
    return answer(false, [MSG.gateRevoked], null, codigo.credencialId);
  const t = roster.trabajadores.find((w) => w.credenciales.includes(codigo.credencialId));
  if (!t) return answer(false, [MSG.gateNotInRoster], null, codigo.credencialId);
  return fromWorker(t, codigo.credencialId);
}

/**
 * The offline decision for a typed document: the worker's rows on the roster (one per contract of
 * the project); apto when any of them is.
 */
export function decidirPorDocumento(
  roster: RosterContenido,
  tipodocumento: string,
  numerodocumento: string,
): Verificacion {
  const numero = numerodocumento.trim();
  const rows = roster.trabajadores.filter(
    (w) => w.numerodocumento === numero && w.tipodocumento === tipodocumento,
  );
  if (rows.length === 0) return answer(false, [MSG.gateOtherProject], null, null);
  return fromWorker(rows.find((w) => w.apto) ?? rows[0]!, null);
}

/** One queued record: what is sent, and what the screen shows of it. */
export type RegistroCola = {
  registro: RegistroPorteria;
  /** The worker's name as the gate showed it ('' when unknown). */
  nombre: string;
};

/** Where the queue lives (IndexedDB in the browser): list in order, and drop what was acknowledged. */
export interface ColaStore {
  listar(): Promise<RegistroCola[]>;
  quitar(clienteIds: readonly string[]): Promise<void>;
}

/** Sends one batch to POST /api/porteria/registros and answers the server's reply (unparsed). */
export type EnviarLote = (body: { registros: RegistroPorteria[]; enviadoAt: string }) => Promise<unknown>;

export type ResultadoSync = {
  enviados: number;
  pendientes: number;
  /** The server's message about the device clock, when it is off. */
  mensaje: string | null;
  relojDesfaseMs: number | null;
};

/** The server accepts at most this many records per request (`registrosBody`). */
export const LOTE_MAX = 500;

/**
 * One sync round: the queue in batches of at most 500 with the device's clock (`enviadoAt`); every
 * record the server acknowledged ('creado', 'existente', 'repetido') leaves the queue, the rest stay
 * for the next round. A failed request stops the round and throws, leaving its batch queued.
 */
export async function sincronizar(
  store: ColaStore,
  enviar: EnviarLote,
  ahora: () => Date,
): Promise<ResultadoSync> {
  const cola = await store.listar();
  const { registrosRespuesta } = await esquemas();
  let enviados = 0;
  let mensaje: string | null = null;
  let relojDesfaseMs: number | null = null;
  for (let i = 0; i < cola.length; i += LOTE_MAX) {
    const lote = cola.slice(i, i + LOTE_MAX).map((r) => r.registro);
    const resp: RegistrosRespuesta = registrosRespuesta.parse(
      await enviar({ registros: lote, enviadoAt: ahora().toISOString() }),
    );
    const enLote = new Set(lote.map((r) => r.clienteId));
    const ack = resp.registros.map((r) => r.clienteId).filter((id) => enLote.has(id));
    await store.quitar(ack);
    enviados += ack.length;
    mensaje = resp.mensaje ?? mensaje;
    relojDesfaseMs = resp.relojDesfaseMs ?? relojDesfaseMs;
  }
  return { enviados, pendientes: cola.length - enviados, mensaje, relojDesfaseMs };
}

/** The guard's reason for letting in a person who is NO APTO: the domain's 5 to 300 characters. */
export function motivoValido(motivo: string): boolean {
  const n = motivo.trim().length;
  return n >= 5 && n <= 300;
}

/**
 * A kept roster (names, documents, reasons) lives at most a day on the phone (decision 160): one
 * made more than REGISTRO_TARDIO_MS before (or after) the phone's clock is dropped, not shown.
 */
export function rosterVigente(r: Pick<RosterContenido, 'generadoAt'>, ahora: Date): boolean {
  return Math.abs(ahora.getTime() - Date.parse(r.generadoAt)) <= REGISTRO_TARDIO_MS;
}

/**
 * A new queued record, its `clienteId` made now, at the moment of the event; with the guard's reason
 * for letting in a person who is NO APTO, and the roster's `generadoAt` when decided offline (the
 * server flags a time before it, decision 160).
 */
export function nuevoRegistro(p: {
  proyectoid: number;
  tipo: RegistroPorteria['tipo'];
  at: Date;
  verificacion: Verificacion;
  codigo?: string;
  tipodocumento?: string;
  numerodocumento?: string;
  motivoExcepcion?: string;
  rosterGeneradoAt?: string;
}): RegistroCola {
  const t = p.verificacion.trabajador;
  const registro: RegistroPorteria = {
    clienteId: crypto.randomUUID(),
    proyectoid: p.proyectoid,
    tipo: p.tipo,
    at: p.at.toISOString(),
    apto: p.verificacion.apto,
    motivos: p.verificacion.motivos,
  };
  if (p.codigo) registro.codigo = p.codigo;
  if (p.motivoExcepcion && p.tipo === 'entrada' && !p.verificacion.apto)
    registro.motivoExcepcion = p.motivoExcepcion;
  if (p.rosterGeneradoAt) registro.rosterGeneradoAt = p.rosterGeneradoAt;
  const tipodocumento = t?.tipodocumento ?? p.tipodocumento;
  const numerodocumento = t?.numerodocumento ?? p.numerodocumento;
  if (tipodocumento && numerodocumento) {
    registro.tipodocumento = tipodocumento;
    registro.numerodocumento = numerodocumento;
  }
  return { registro, nombre: t?.nombre ?? '' };
}
