/**
 * Keys the server makes once and every process shares (the VAPID key pair, the unsubscribe-link signing key): in
 * the database, so several processes on several machines agree, and a backup of the database keeps them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { serverKeys } from '../db/schema.js';

/**
 * The key stored under `name`, made with `make` the first time. When two processes start at once, the first
 * insert wins and both answer its value.
 */
export async function loadOrCreateServerKey(db: Database, name: string, make: () => string): Promise<string> {
  const [existing] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (existing) return existing.value;
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [stored] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (!stored) throw new Error(`server key ${name} could not be stored`);
  return stored.value;
}
