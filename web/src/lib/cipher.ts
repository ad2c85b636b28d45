/**
 * Passwords travel encrypted (docs/contract.md, Validation rules; docs/decisions/081): AES-256-GCM through
 * Web Crypto with the key the server publishes in /api/login/config; wire format 'aesgcm:' + base64(iv[12] |
 * ciphertext | tag[16]), the format server/src/lib/cipher.ts decrypts. Web Crypto exists only in secure
 * contexts (HTTPS or localhost); elsewhere the password goes as typed and TLS must protect it, which the
 * server accepts.
 */
const PREFIX = 'aesgcm:';
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(keyBase64: string): Promise<CryptoKey> {
  let key = keys.get(keyBase64);
  if (!key) {
    const raw = Uint8Array.from(atob(keyBase64), (c) => c.charCodeAt(0));
    key = crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt']);
    keys.set(keyBase64, key);
  }
  return key;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export async function encryptPassword(plain: string, keyBase64: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return plain;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await importKey(keyBase64);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return PREFIX + toBase64(out);
}
