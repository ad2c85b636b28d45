import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './token';

const secret = new Uint8Array(32).fill(7);
const claims = {
  unique_name: '900123456',
  email: 'a@b.co',
  guidses: 'session-1',
  given_name: 'Demo',
  typeuser: 'default',
  lastsession: '',
  changepassword: 'false' as const,
};

describe('signToken', () => {
  it('signs a new token each time, even for the same claims and expiry in the same second', async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    const [a, b] = await Promise.all([
      signToken(claims, expiresAt, secret),
      signToken(claims, expiresAt, secret),
    ]);
    expect(a).not.toBe(b);
    const [ca, cb] = await Promise.all([verifyToken(a, secret), verifyToken(b, secret)]);
    expect(ca).toEqual(cb);
    expect(ca?.guidses).toBe('session-1');
  });
});
