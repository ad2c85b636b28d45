import { randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desdeBase64url, kidDe, verificarCodigo } from '@proveedores/domain';
import { claveDeSemilla, clavesPublicasDe, emitirCodigo, firmar } from './keys';

describe('credential signing key (decision 122)', () => {
  const seed = randomBytes(32);

  it('is built from the 32-byte seed, the same key every time, its kid the hash the browser computes', async () => {
    const a = claveDeSemilla(seed);
    expect(claveDeSemilla(Buffer.from(seed))).toBe(a);
    expect(a.kid).toBe(await kidDe(desdeBase64url(a.publica.x)!));
    expect(clavesPublicasDe({ credentialSigningSeed: seed })).toEqual([a.publica]);
    expect(claveDeSemilla(randomBytes(32)).kid).not.toBe(a.kid);
    expect(() => claveDeSemilla(randomBytes(31))).toThrow();
  });

  it('signs codes the WebCrypto verifier accepts, and rosters node:crypto verifies', async () => {
    const clave = claveDeSemilla(seed);
    const p = { credencialId: 12, contratoId: 5, proyectoId: 2, emitida: '2026-11-24', vence: null };
    const codigo = emitirCodigo(clave, p);
    expect(await verificarCodigo(codigo, [clave.publica], '2026-11-24')).toEqual({
      ok: true,
      credencial: { ...p, version: 1, kid: clave.kid },
    });
    const otra = claveDeSemilla(randomBytes(32));
    expect((await verificarCodigo(codigo, [otra.publica], '2026-11-24')).ok).toBe(false);

    const contenido = JSON.stringify({ proyectoId: 2, trabajadores: [] });
    const firma = Buffer.from(firmar(clave, contenido), 'base64url');
    expect(verify(null, Buffer.from(contenido), clave.publicKey, firma)).toBe(true);
    expect(verify(null, Buffer.from(contenido.replace('2', '3')), clave.publicKey, firma)).toBe(false);
  });
});
