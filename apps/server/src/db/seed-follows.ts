import { inArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { follows, users } from './schema.js';
import { demoSellerName, US_DEMO, type DemoLocale } from './seed-places.js';

/**
 * Who follows whom among the demo people, so the demo's followers page and profile counts are not empty: the
 * other sign-in accounts and two Chicago sellers follow `demo`, and `demo` follows `alice` back (so one card
 * shows "following back"). Accounts that do not exist (a renamed demo user, no demo listings) are skipped.
 */
export const DEMO_FOLLOWS: ReadonlyArray<readonly [follower: string, followee: string]> = [
  ['alice', 'demo'],
  ['bob', 'demo'],
  ['windycitythrift', 'demo'],
  ['logansquarefinds', 'demo'],
  ['demo', 'alice'],
  ['bob', 'alice'],
];

/** Called right after the demo people were created (fresh installation only); ON CONFLICT keeps it idempotent. */
export async function seedDemoFollows(db: Database, locale: DemoLocale = US_DEMO): Promise<number> {
  const local = DEMO_FOLLOWS.map(
    ([follower, followee]) => [demoSellerName(follower, locale), demoSellerName(followee, locale)] as const,
  );
  const names = [...new Set(local.flat())];
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const ids = new Map(rows.map((row) => [row.username, row.id]));
  const values = local.flatMap(([follower, followee]) => {
    const followerId = ids.get(follower);
    const followeeId = ids.get(followee);
    return followerId !== undefined && followeeId !== undefined ? [{ followerId, followeeId }] : [];
  });
  if (values.length === 0) return 0;
  const inserted = await db
    .insert(follows)
    .values(values)
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return inserted.length;
}
