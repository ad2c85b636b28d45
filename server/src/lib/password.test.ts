import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  HASH_THREAD_NICE,
  HASH_THREADS,
  hashPassword,
  verificationCount,
  verifyPassword,
  verifyRegularOrTemporary,
} from './password';

/** The nice value of each thread of this process (/proc/self/task/TID/stat, field 19), by thread id. */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      nices.set(Number(tid), Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return nices;
}

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and verifies without truncation', async () => {
    const long = 'a1'.repeat(64); // 128 characters
    const hash = await hashPassword(long);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, 127))).toBe(false);
  });

  it('returns false for accounts without a hash (after paying for a verification)', async () => {
    const before = verificationCount();
    expect(await verifyPassword(null, 'cualquiera')).toBe(false);
    expect(verificationCount() - before).toBe(1);
  });

  it('answers false for a stored value that is not an argon2 hash, and keeps hashing afterwards', async () => {
    expect(await verifyPassword('no-es-un-hash', 'x')).toBe(false);
    const hash = await hashPassword('Otra-clave-1');
    expect(await verifyPassword(hash, 'Otra-clave-1')).toBe(true);
  });

  it('runs many verifications side by side with the right answers and count', async () => {
    const [a, b] = await Promise.all([hashPassword('Clave-a-1'), hashPassword('Clave-b-1')]);
    const before = verificationCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        verifyRegularOrTemporary(i % 2 ? a : null, i % 3 ? b : null, i % 2 ? 'Clave-a-1' : 'Clave-b-1'),
      ),
    );
    expect(verificationCount() - before).toBe(16);
    results.forEach((r, i) =>
      expect(r).toEqual({ regular: i % 2 === 1, temporary: i % 2 === 0 && i % 3 !== 0 }),
    );
  });

  // On Linux the nice value belongs to the thread (docs/decisions/145): the hashing threads run at a
  // lower priority, the thread of the event loop (and so the server process) keeps its own.
  it.runIf(process.platform === 'linux')(
    'hashes in threads of lower CPU priority; the event loop thread keeps its own',
    async () => {
      const own = getPriority();
      expect(own).toBeLessThan(HASH_THREAD_NICE); // else nothing could tell the threads apart
      const before = threadNices();
      await Promise.all(Array.from({ length: HASH_THREADS * 2 }, (_, i) => hashPassword(`Clave-${i}`)));
      const after = threadNices();
      expect(getPriority()).toBe(own);
      expect(after.get(process.pid)).toBe(before.get(process.pid));
      const lowered = [...after].filter(([, nice]) => nice === HASH_THREAD_NICE).map(([tid]) => tid);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      expect(lowered.length).toBeLessThanOrEqual(HASH_THREADS);
      expect(lowered).not.toContain(process.pid);
    },
  );
});
