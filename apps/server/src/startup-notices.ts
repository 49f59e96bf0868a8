import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from './db/client.js';
import { users } from './db/schema.js';
import { DEMO_USERS } from './db/seed.js';

/** Addresses that only this machine reaches: a server bound to one of them cannot be signed into from elsewhere. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * What an operator must know right after start-up, each said once: how to get the first admin, and that demo
 * accounts (whose passwords the README prints) are reachable from other machines.
 */
export async function sayStartupNotices(db: Database, options: { host: string; log: Log }): Promise<void> {
  const [admins] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.bannedAt)));
  if ((admins?.n ?? 0) === 0) {
    options.log.info(
      'No admin account yet: create one with `npm run admin -- create <username> <email>` ' +
        '(or set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD), then grant staff in the staff console.',
    );
  }
  if (isLoopbackHost(options.host)) return;
  const demo = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((account) => account.email),
      ),
    )
    .orderBy(users.id);
  if (demo.length === 0) return;
  options.log.warn(
    `Demo accounts with published passwords (${demo.map((row) => row.username).join(', ')}) exist and the server ` +
      `listens on ${options.host}, reachable from other machines: anyone can sign in as them. Use a fresh DATA_DIR ` +
      'or database with SEED_DEMO_DATA=false for a real installation, or set HOST=127.0.0.1.',
  );
}
