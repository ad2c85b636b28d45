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

let verifications = 0;

/**
 * How many argon2 verifications this process has run. Sign-in and password change must do the same
 * work whatever the account's state (docs/decisions/076); their tests count it here.
 */
export function verificationCount(): number {
  return verifications;
}

async function verifyOnce(stored: string, password: string): Promise<boolean> {
  return limit(() => {
    verifications++;
    return verify(stored, password).catch(() => false);
  });
}

/** Verifies; with no stored hash, still pays for one verification and returns false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(crypto.randomUUID());
    await verifyOnce(await dummy, password);
    return false;
  }
  return verifyOnce(stored, password);
}

/**
 * Checks a password against an account's regular and temporary hashes with exactly two
 * verifications, run side by side, whichever hashes exist (a missing one costs a dummy): a pending
 * recovery cannot be read from the time a wrong password takes.
 */
export async function verifyRegularOrTemporary(
  regular: string | null | undefined,
  temporary: string | null | undefined,
  password: string,
): Promise<{ regular: boolean; temporary: boolean }> {
  const [r, t] = await Promise.all([verifyPassword(regular, password), verifyPassword(temporary, password)]);
  return { regular: r, temporary: t };
}
