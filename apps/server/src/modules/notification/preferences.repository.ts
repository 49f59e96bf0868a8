import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationChannelPreferences,
  type NotificationPreferences,
} from '@rummage/contract';
import type { Database, Executor } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema.js';

/** A stored channel with every key present: a key added later reads as its default until the person chooses. */
function complete(stored: unknown, defaults: NotificationChannelPreferences): NotificationChannelPreferences {
  const values = (stored ?? {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [
      key,
      typeof values[key] === 'boolean' ? values[key] : defaults[key],
    ]),
  ) as NotificationChannelPreferences;
}

export async function readPreferences(db: Executor, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ email: notificationPreferences.email, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return {
    email: complete(row?.email, DEFAULT_NOTIFICATION_PREFERENCES.email),
    push: complete(row?.push, DEFAULT_NOTIFICATION_PREFERENCES.push),
  };
}

export async function writePreferences(db: Database, userId: number, preferences: NotificationPreferences) {
  const values = { email: preferences.email, push: preferences.push, updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

/** Switches one kind off on one channel (the one-click unsubscribe), keeping every other choice. */
export async function switchOff(
  db: Database,
  userId: number,
  channel: keyof NotificationPreferences,
  key: (typeof NOTIFICATION_PREFERENCE_KEYS)[number],
) {
  const current = await readPreferences(db, userId);
  await writePreferences(db, userId, { ...current, [channel]: { ...current[channel], [key]: false } });
}
