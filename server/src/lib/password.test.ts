import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and verifies without truncation', async () => {
    const long = 'a1'.repeat(64); // 128 characters
    const hash = await hashPassword(long);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, 127))).toBe(false);
  });

  it('returns false for accounts without a hash (after paying for a verification)', async () => {
    expect(await verifyPassword(null, 'cualquiera')).toBe(false);
  });
});
