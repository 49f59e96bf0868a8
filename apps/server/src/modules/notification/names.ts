import { eq } from 'drizzle-orm';
import { messages, type Locale } from '@rummage/contract';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A person as notices and notification e-mails name them: their username, or "Deleted user" once gone. */
export async function nameInNotices(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.username }).from(users).where(eq(users.id, userId));
  return row?.name ?? messages.notifications.deletedUser;
}

/** The language of what reaches a person away from the site: the one they saved, else the installation's. */
export async function languageOfRecipient(
  db: Executor,
  userId: number,
  defaultLocale: Locale,
): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? defaultLocale;
}
