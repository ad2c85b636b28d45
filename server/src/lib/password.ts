import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** argon2id at OWASP's floor (19 MiB, t=2, p=1). At most 2 hashes at once so a flood cannot starve the rest. */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const limit = pLimit(2);

export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, OPTIONS));
}

// A real hash of a random string, computed once, so that unknown users cost the same as known ones.
let dummy: Promise<string> | undefined;

/** Verifies; with no stored hash, still pays for one verification and returns false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(crypto.randomUUID());
    const d = await dummy;
    await limit(() => verify(d, password).catch(() => false));
    return false;
  }
  return limit(() => verify(stored, password).catch(() => false));
}
