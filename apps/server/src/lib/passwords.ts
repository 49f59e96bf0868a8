import argon2 from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): slow for attackers, fine for a 2-core server. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check, for logins naming no account, so response time does not tell
 * an attacker which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches no account');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when a stored hash was made with weaker parameters than today's. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
}
