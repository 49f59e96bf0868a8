import type { Locale } from '@rummage/contract';
/**
 * What notification e-mail reads and writes: who gets it, what is still unread in a thread (a chat, a support
 * ticket, one kind of a person's notices), and when the thread's last e-mail went out (notification_emails: at
 * most one per thread per hour).
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  chatMessages,
  conversationMembers,
  conversations,
  heldMessages,
  notificationEmails,
  notifications,
  products,
  supportMessages,
  supportTickets,
  users,
} from '../../../db/schema.js';

export interface Recipient {
  email: string;
  bannedAt: Date | null;
  emailVerifiedAt: Date | null;
  /** The language the person saved; null: the installation's. */
  language: Locale | null;
}

export async function findRecipient(db: Database, userId: number): Promise<Recipient | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      bannedAt: users.bannedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export interface PendingMessage {
  id: number;
  body: string;
  createdAt: Date;
  /** A notice's own title and app path (a chat message has neither). */
  title?: string;
  link?: string;
}

/** A chat as its receiver sees it: the listing's title, the other side, and how far the receiver has read. */
export interface ChatThread {
  conversationId: number;
  productId: number;
  otherUserId: number;
  title: string;
  /** Read or cleared up to here: messages at or below it need no e-mail. */
  readUpTo: number;
}

export async function findChatThread(
  db: Database,
  productId: number,
  buyerId: number,
  receiverId: number,
): Promise<ChatThread | undefined> {
  const [row] = await db
    .select({
      conversationId: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      keptTitle: conversations.productTitle,
      title: products.title,
      lastRead: conversationMembers.lastReadMessageId,
      cleared: conversationMembers.clearedMessageId,
    })
    .from(conversations)
    .leftJoin(products, eq(products.id, conversations.productId))
    .leftJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, conversations.id),
        eq(conversationMembers.userId, receiverId),
      ),
    )
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)));
  if (!row || (row.buyerId !== receiverId && row.sellerId !== receiverId)) return undefined;
  return {
    conversationId: row.conversationId,
    productId,
    otherUserId: row.buyerId === receiverId ? row.sellerId : row.buyerId,
    title: row.title ?? row.keptTitle ?? '',
    readUpTo: Math.max(row.lastRead ?? 0, row.cleared ?? 0),
  };
}

/**
 * Messages from the other side the receiver has not read, sent after `since` (the last e-mail) until `until`. A held
 * message staff released after `since` counts too: it keeps the time it was written, which may be older.
 */
export async function pendingChatMessages(
  db: Database,
  thread: ChatThread,
  receiverId: number,
  since: Date | undefined,
  until: Date,
): Promise<PendingMessage[]> {
  return db
    .select({ id: chatMessages.id, body: chatMessages.body, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, thread.conversationId),
        ne(chatMessages.senderId, receiverId),
        gt(chatMessages.id, thread.readUpTo),
        since
          ? or(
              gt(chatMessages.createdAt, since),
              inArray(
                chatMessages.id,
                db
                  .select({ id: heldMessages.messageId })
                  .from(heldMessages)
                  .where(and(eq(heldMessages.status, 'released'), gt(heldMessages.decidedAt, since))),
              ),
            )
          : undefined,
        lte(chatMessages.createdAt, until),
      ),
    )
    .orderBy(asc(chatMessages.id));
}

export interface SupportThread {
  ticketId: number;
  ownerId: number;
  readUpTo: number;
}

export async function findSupportThread(db: Database, ticketId: number): Promise<SupportThread | undefined> {
  const [row] = await db
    .select({ ownerId: supportTickets.userId, readUpTo: supportTickets.userLastReadId })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  return row && { ticketId, ...row };
}

/** Staff answers the ticket's owner has not read, sent after `since` until `until`. */
export async function pendingSupportAnswers(
  db: Database,
  thread: SupportThread,
  since: Date | undefined,
  until: Date,
): Promise<PendingMessage[]> {
  return db
    .select({ id: supportMessages.id, body: supportMessages.body, createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, thread.ticketId),
        eq(supportMessages.sentByUser, false),
        gt(supportMessages.id, thread.readUpTo),
        since ? gt(supportMessages.createdAt, since) : undefined,
        lte(supportMessages.createdAt, until),
      ),
    )
    .orderBy(asc(supportMessages.id));
}

/**
 * The person's unread notification entries of one type that changed after `since` until `until`, oldest first.
 * An entry counts from its last change (`updated_at`): a reservation made again is news again.
 */
export async function pendingNotices(
  db: Database,
  userId: number,
  type: string,
  since: Date | undefined,
  until: Date,
): Promise<PendingMessage[]> {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.updatedAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.type, type),
        since ? gt(notifications.updatedAt, since) : undefined,
        lte(notifications.updatedAt, until),
      ),
    )
    .orderBy(asc(notifications.updatedAt), asc(notifications.id));
}

/** When the thread's last e-mail to this person went out (undefined: never). */
export async function lastSentAt(db: Database, userId: number, threadKey: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: notificationEmails.lastSentAt })
    .from(notificationEmails)
    .where(and(eq(notificationEmails.userId, userId), eq(notificationEmails.threadKey, threadKey)));
  return row?.at;
}

/**
 * Takes the thread's e-mail slot at `at`, only if it is still as `previous` left it: of two jobs of one thread
 * running at once (several processes), one sends. False: another took it.
 */
export async function takeSlot(
  db: Database,
  userId: number,
  threadKey: string,
  previous: Date | undefined,
  at: Date,
): Promise<boolean> {
  if (!previous) {
    const inserted = await db
      .insert(notificationEmails)
      .values({ userId, threadKey, lastSentAt: at })
      .onConflictDoNothing()
      .returning({ userId: notificationEmails.userId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(notificationEmails)
    .set({ lastSentAt: at })
    .where(
      and(
        eq(notificationEmails.userId, userId),
        eq(notificationEmails.threadKey, threadKey),
        eq(notificationEmails.lastSentAt, previous),
      ),
    )
    .returning({ userId: notificationEmails.userId });
  return updated.length === 1;
}

/** Gives the slot back after a failed send, so the retry may take it again. */
export async function giveSlotBack(
  db: Database,
  userId: number,
  threadKey: string,
  taken: Date,
  previous: Date | undefined,
) {
  const mine = and(
    eq(notificationEmails.userId, userId),
    eq(notificationEmails.threadKey, threadKey),
    eq(notificationEmails.lastSentAt, taken),
  );
  if (previous) await db.update(notificationEmails).set({ lastSentAt: previous }).where(mine);
  else await db.delete(notificationEmails).where(mine);
}
