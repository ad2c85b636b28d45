import { createDecipheriv } from 'node:crypto';
import { AppError } from '../errors';
import { MSG, SERVER_MSG } from '@proveedores/domain';

/**
 * Passwords travel encrypted (docs/contract.md, Validation rules; docs/decisions/081) with AES-256-GCM:
 * 'aesgcm:' + base64(iv[12] | ciphertext | tag[16]). Web Crypto on the client, key from server configuration.
 * A value without the prefix is taken as plain text so a client written against the original API still signs
 * in (TLS protects it in production).
 */
export const CIPHER_PREFIX = 'aesgcm:';

export function decryptPassword(value: string, key: Buffer, opts: { encryptedOnly?: boolean } = {}): string {
  if (!value.startsWith(CIPHER_PREFIX)) {
    // A new password is a new route of the portal: no older client to keep (docs/decisions/076).
    if (opts.encryptedOnly) throw new AppError('bad_request', SERVER_MSG.passwordNotEncrypted);
    return value;
  }
  const raw = Buffer.from(value.slice(CIPHER_PREFIX.length), 'base64');
  if (raw.length < 12 + 16 + 1) throw new AppError('bad_request', MSG.badRequest);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new AppError('bad_request', MSG.badRequest);
  }
}
