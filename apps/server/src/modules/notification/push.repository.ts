import { and, desc, eq, gt, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { withTransaction, type Database, type Executor } from '../../db/client.js';
import { pushSubscriptions, sessions, users } from '../../db/schema.js';

/** Browsers per person that get pushes: the oldest subscription goes when another one comes. */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 10;

export interface StoredSubscription {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const columns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/**
 * One row per endpoint: subscribing again updates the keys (and counts as new), and an endpoint someone else
 * subscribed before (the same browser, another person signed in) moves to this person. Beyond
 * MAX_SUBSCRIPTIONS_PER_PERSON the person's oldest go, in the same transaction: a script subscribing endlessly
 * cannot make every notification fan out into thousands of pushes.
 */
export async function saveSubscription(
  db: Database,
  subscription: Omit<StoredSubscription, 'id'> & { userAgent: string | null },
): Promise<void> {
  const { endpoint, ...values } = subscription;
  await withTransaction(db, async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_SUBSCRIPTIONS_PER_PERSON);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Every browser of the person stops getting pushes (their sessions all ended). */
export async function deleteSubscriptionsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Whether the person is signed in anywhere: a session neither revoked nor expired. */
export async function hasLiveSession(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

export async function isBanned(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.bannedAt)));
  return row !== undefined;
}

/** Removes the caller's own subscription with that endpoint; someone else's is left alone. */
export async function deleteOwnSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A person's browsers, oldest first: their pushes are enqueued, and their order keys locked, in that order. */
export function subscriptionsOf(db: Executor, userId: number): Promise<StoredSubscription[]> {
  return db
    .select(columns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

export async function findSubscription(db: Database, id: number): Promise<StoredSubscription | undefined> {
  const [row] = await db.select(columns).from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Database, id: number): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, id));
}
