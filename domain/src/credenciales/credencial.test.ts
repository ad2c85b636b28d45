import { beforeAll, describe, expect, it } from 'vitest';
import {
  armarCodigo,
  base64url,
  CODIGO_LARGO,
  CODIGO_PREFIJO,
  codificarPayload,
  decodificarCodigo,
  desdeBase64url,
  kidDe,
  mensajeAFirmar,
  verificarCodigo,
  type CredencialPayload,
} from './credencial';
import { CREDENCIALES_MSG } from './messages';

type Par = { kid: string; x: string; privateKey: CryptoKey };

async function nuevaClave(): Promise<Par> {
  const k = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', k.publicKey));
  return { kid: await kidDe(raw), x: base64url(raw), privateKey: k.privateKey };
}

async function firmarCodigo(par: Par, p: Omit<CredencialPayload, 'version' | 'kid'>): Promise<string> {
  const payload = codificarPayload({ ...p, kid: par.kid });
  const firma = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, par.privateKey, mensajeAFirmar(payload)),
  );
  return armarCodigo(payload, firma);
}

const BASE = {
  credencialId: 4711,
  contratoId: 88,
  proyectoId: 3,
  emitida: '2026-11-24',
  vence: '2027-03-31',
};
const NO_VALIDO = CREDENCIALES_MSG.credencialCodigoNoValido;

describe('credential codes (decision 122)', () => {
  let clave: Par;
  let otra: Par;
  let codigo: string;
  beforeAll(async () => {
    clave = await nuevaClave();
    otra = await nuevaClave();
    codigo = await firmarCodigo(clave, BASE);
  });

  it('base64url round-trips every length and refuses non-canonical text', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(desdeBase64url(base64url(bytes))).toEqual(bytes);
    }
    expect(desdeBase64url('AB+/')).toBeNull();
    expect(desdeBase64url('A')).toBeNull();
    expect(desdeBase64url('AA')).toEqual(new Uint8Array([0]));
    // 'AB' leaves a set bit after its byte: another spelling of [0], refused.
    expect(desdeBase64url('AB')).toBeNull();
  });

  it('encodes a short code that decodes back to the same payload', async () => {
    expect(codigo.startsWith(CODIGO_PREFIJO)).toBe(true);
    expect(codigo).toHaveLength(CODIGO_LARGO);
    expect(codigo.length).toBeLessThanOrEqual(120);
    expect(codigo).toMatch(/^PV1\.[A-Za-z0-9_-]+$/);
    const r = await verificarCodigo(codigo, [otra, clave], '2026-12-01');
    expect(r).toEqual({ ok: true, credencial: { ...BASE, version: 1, kid: clave.kid } });
    // No expiry: the contract has no end.
    const sinFin = await firmarCodigo(clave, { ...BASE, vence: null });
    expect(await verificarCodigo(sinFin, [clave], '2040-01-01')).toMatchObject({
      ok: true,
      credencial: { vence: null },
    });
    // Surrounding blanks a scanner may add are ignored.
    expect((await verificarCodigo(` ${codigo}\n`, [clave], '2026-12-01')).ok).toBe(true);
  });

  it('never carries a document number: the payload is ids and days only', () => {
    const d = decodificarCodigo(codigo)!;
    expect(Object.keys(d.credencial).sort()).toEqual(
      ['contratoId', 'credencialId', 'emitida', 'kid', 'proyectoId', 'vence', 'version'].sort(),
    );
  });

  it('a flipped bit anywhere is "Código no válido"', async () => {
    const bytes = desdeBase64url(codigo.slice(CODIGO_PREFIJO.length))!;
    // Every byte of the payload (ids, days, kid) and a sample of the signature's.
    for (const i of [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 18, 19, 20, 21, 40, 84]) {
      const copia = bytes.slice();
      copia[i] ^= 0x01;
      const r = await verificarCodigo(CODIGO_PREFIJO + base64url(copia), [clave], '2026-12-01');
      expect(r, `byte ${i}`).toEqual({ ok: false, motivo: NO_VALIDO });
    }
  });

  it('another key, a truncated code and garbage are "Código no válido"', async () => {
    expect(await verificarCodigo(codigo, [otra], '2026-12-01')).toEqual({ ok: false, motivo: NO_VALIDO });
    // Same kid, other key: the signature decides, not the id.
    expect(await verificarCodigo(codigo, [{ kid: clave.kid, x: otra.x }], '2026-12-01')).toEqual({
      ok: false,
      motivo: NO_VALIDO,
    });
    expect(await verificarCodigo(codigo, [], '2026-12-01')).toEqual({ ok: false, motivo: NO_VALIDO });
    for (const basura of [
      codigo.slice(0, -1),
      codigo.slice(0, 40),
      `${codigo}A`,
      `PV2.${codigo.slice(4)}`,
      codigo.replace('PV1.', 'pv1.'),
      '',
      'hola',
      'PV1.',
      `PV1.${'!'.repeat(114)}`,
      `PV1.${'A'.repeat(114)}`,
      '12345678',
      'https://example.co/?q=PV1.',
    ]) {
      expect(await verificarCodigo(basura, [clave], '2026-12-01'), basura).toEqual({
        ok: false,
        motivo: NO_VALIDO,
      });
    }
    expect(await verificarCodigo(undefined as unknown as string, [clave], '2026-12-01')).toEqual({
      ok: false,
      motivo: NO_VALIDO,
    });
    // A public key that is not one.
    expect(await verificarCodigo(codigo, [{ kid: clave.kid, x: 'A'.repeat(43) }], '2026-12-01')).toEqual({
      ok: false,
      motivo: NO_VALIDO,
    });
  });

  it('is valid through its expiry day and "Credencial vencida" after it', async () => {
    expect((await verificarCodigo(codigo, [clave], '2027-03-31')).ok).toBe(true);
    expect(await verificarCodigo(codigo, [clave], '2027-04-01')).toMatchObject({
      ok: false,
      motivo: CREDENCIALES_MSG.credencialVencida,
      credencial: { credencialId: 4711 },
    });
  });

  it('refuses payloads it cannot represent', () => {
    expect(() => codificarPayload({ ...BASE, kid: 'zz' })).toThrow();
    expect(() => codificarPayload({ ...BASE, kid: clave.kid, credencialId: -1 })).toThrow();
    expect(() => codificarPayload({ ...BASE, kid: clave.kid, emitida: '24/11/2026' })).toThrow();
  });
});
