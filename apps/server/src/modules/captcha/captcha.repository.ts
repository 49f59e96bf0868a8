import type { Database } from '../../db/client.js';
import { captchaSolutions } from '../../db/schema.js';

/**
 * The captcha replay store, in the database so every process sees every accepted solution.
 * `markUsed` answers false when the challenge was already used; the insert decides atomically.
 */
export function createCaptchaReplayStore(db: Database) {
  return {
    async markUsed(id: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(captchaSolutions)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: captchaSolutions.id });
      return inserted.length > 0;
    },
  };
}
