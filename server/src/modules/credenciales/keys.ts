import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import {
  armarCodigo,
  base64url,
  codificarPayload,
  mensajeAFirmar,
  type ClavePublica,
  type CredencialPayload,
} from '@proveedores/domain';

/**
 * The Ed25519 key that signs credential codes and gate rosters (docs/decisions/122), built once per
 * seed (`config.credentialSigningSeed`, 32 bytes) and kept: the private key never leaves this file's
 * objects, the public key is served by GET /api/porteria/claves.
 */
export type ClaveFirma = {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as gates get it (JWK OKP Ed25519 + kid). */
  publica: ClavePublica;
};

/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

const porSemilla = new Map<string, ClaveFirma>();

export function claveDeSemilla(seed: Buffer): ClaveFirma {
  if (seed.length !== 32) throw new Error('La semilla de firma de credenciales debe tener 32 bytes');
  const id = seed.toString('base64');
  const cached = porSemilla.get(id);
  if (cached) return cached;
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const x = publicKey.export({ format: 'jwk' }).x as string;
  const kid = createHash('sha256').update(Buffer.from(x, 'base64url')).digest('hex').slice(0, 8);
  const clave: ClaveFirma = { kid, privateKey, publicKey, publica: { kid, kty: 'OKP', crv: 'Ed25519', x } };
  porSemilla.set(id, clave);
  return clave;
}

/** The public keys gates accept: the current one (a rotation would add the previous one here). */
export function clavesPublicasDe(config: { credentialSigningSeed: Buffer }): ClavePublica[] {
  return [claveDeSemilla(config.credentialSigningSeed).publica];
}

/** Ed25519 signature of bytes (or of a string's UTF-8), base64url: the gate roster's `firma`. */
export function firmar(clave: ClaveFirma, data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return base64url(sign(null, bytes, clave.privateKey));
}

/** The signed QR text of one credential. */
export function emitirCodigo(clave: ClaveFirma, p: Omit<CredencialPayload, 'version' | 'kid'>): string {
  const payload = codificarPayload({ ...p, kid: clave.kid });
  return armarCodigo(payload, sign(null, mensajeAFirmar(payload), clave.privateKey));
}
