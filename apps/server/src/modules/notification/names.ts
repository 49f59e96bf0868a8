import { eq } from 'drizzle-orm';
import { messages } from '@rummage/contract';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A person as notices and notification e-mails name them: their username, or "Deleted user" once gone. */
export async function nameInNotices(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.username }).from(users).where(eq(users.id, userId));
  return row?.name ?? messages.notifications.deletedUser;
}
