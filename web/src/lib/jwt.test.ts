import { describe, expect, it } from 'vitest';
import { tokenClaims } from '@proveedores/domain';
import { decodeToken, INVALID_TOKEN } from './jwt';

const claims = {
  unique_name: '900123456',
  email: 'contacto@ejemplo.co',
  exp: 1_900_000_000,
  guidses: '6f1c2a40-0b5e-4f39-9d7e-2c1f0a9b8e77',
  given_name: 'José Núñez Peña',
  typeuser: 'revisor',
  lastsession: '2026-01-31 17:45',
  changepassword: 'false',
};

/** A token as the server signs it: base64url header and payload, UTF-8 JSON (the signature is not read). */
const tokenOf = (payload: unknown) =>
  [
    Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
    Buffer.from(JSON.stringify(payload)).toString('base64url'),
    'firma',
  ].join('.');

describe('decodeToken', () => {
  it('reads the claims, accents included (UTF-8, not latin1)', () => {
    expect(decodeToken(tokenOf(claims))).toEqual(claims);
  });

  it('decodes base64url (- and _) without padding', () => {
    // '?>' and '~~~' encode to '_' and '-' in base64url; lengths that need padding in plain base64.
    for (const given_name of ['¿?>', 'ñ~~~', 'ab', 'abc']) {
      const token = tokenOf({ ...claims, given_name });
      expect(token.split('.')[1]).not.toContain('=');
      expect(decodeToken(token).given_name).toBe(given_name);
    }
    expect(tokenOf({ ...claims, given_name: '¿?>' }).split('.')[1]).toMatch(/[-_]/);
  });

  it("gives typeuser 'default' when the token has none", () => {
    const { typeuser: _, ...rest } = claims;
    expect(decodeToken(tokenOf(rest)).typeuser).toBe('default');
  });

  it.each([
    ['no payload part', 'soloheader'],
    ['an empty payload part', 'a..b'],
    ['a payload that is not base64 JSON', 'a.@@@.b'],
    ['a JSON array', tokenOf([claims])],
    ['null', tokenOf(null)],
    ['exp as text', tokenOf({ ...claims, exp: '1900000000' })],
    ['changepassword as a boolean', tokenOf({ ...claims, changepassword: false })],
    ['a missing guidses', tokenOf({ ...claims, guidses: undefined })],
    ['a numeric typeuser', tokenOf({ ...claims, typeuser: 1 })],
  ])('refuses %s with the message of the specification', (_name, token) => {
    expect(() => decodeToken(token)).toThrow(new Error(INVALID_TOKEN));
  });

  it('accepts exactly what the domain schema accepts (the hand-written check mirrors tokenClaims)', () => {
    const variants: unknown[] = [
      claims,
      { ...claims, typeuser: undefined },
      { ...claims, changepassword: 'true' },
      { ...claims, changepassword: 'TRUE' },
      { ...claims, exp: null },
      { ...claims, email: 5 },
      { ...claims, lastsession: undefined },
      { ...claims, unique_name: '' },
      { ...claims, given_name: ['José'] },
    ];
    for (const v of variants) {
      const schema = tokenClaims.safeParse(v);
      let decoded: unknown;
      try {
        decoded = decodeToken(tokenOf(v));
      } catch {
        decoded = undefined;
      }
      expect({ v, accepted: decoded !== undefined }).toEqual({ v, accepted: schema.success });
      if (schema.success) expect(decoded).toEqual(schema.data);
    }
  });
});
