import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';

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
 * One row per endpoint: subscribing again updates the keys, and an endpoint someone else subscribed before (the
 * same browser, another person signed in) moves to this person.
 */
export async function saveSubscription(
  db: Database,
  subscription: Omit<StoredSubscription, 'id'> & { userAgent: string | null },
): Promise<void> {
  const { endpoint, ...values } = subscription;
  await db
    .insert(pushSubscriptions)
    .values({ endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Removes the caller's own subscription with that endpoint; someone else's is left alone. */
export async function deleteOwnSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export function subscriptionsOf(db: Database, userId: number): Promise<StoredSubscription[]> {
  return db.select(columns).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
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
