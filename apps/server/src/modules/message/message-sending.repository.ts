/**
 * What sending a chat message writes and the counts its rules read (docs/product.md §9 and §16): one sender at a
 * time, the limits for new accounts and unanswered messages, the conversation made by its first message, and the
 * message stored as the conversation's latest. The chat's lookups and history are in message.repository.ts.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { chatMessages, conversationMembers, conversations, users } from '../../db/schema.js';
import { findConversation, markRead, type Db } from './message.repository.js';

/**
 * Serializes one person's sends for the rest of the transaction, in every process: the rate-limit counts below
 * are read and then acted on, and two sends at once must not both see "one below the limit".
 */
export async function lockSender(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-send:${userId}`}, 0))`);
}

/** Is the account younger than `ageMs`? Database time, like every other window here. */
export async function isYoungAccount(db: Db, userId: number, ageMs: number): Promise<boolean> {
  const [row] = await db
    .select({ young: sql<boolean>`${users.createdAt} > now() - make_interval(secs => ${ageMs / 1000})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.young === true;
}

/** Conversations this person started as a buyer in the last hour. */
export async function countChatsStartedLastHour(db: Db, buyerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(eq(conversations.buyerId, buyerId), gt(conversations.createdAt, sql`now() - interval '1 hour'`)),
    );
  return Number(row?.n ?? 0);
}

/** Has anyone but `userId` written in this conversation? */
export async function hasAnswer(db: Db, conversationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), sql`${chatMessages.senderId} <> ${userId}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether both people have written in this conversation (after that, sharing a phone number is normal). An offer
 * or a counter-offer is not writing: a lowball offer that an honest seller counters must not open the way off the
 * site for the scammer's next message.
 */
export async function bothHaveWritten(db: Db, conversationId: number): Promise<boolean> {
  const [row] = await db
    .select({ speakers: sql<number>`count(distinct ${chatMessages.senderId})::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), isNull(chatMessages.offerId)));
  return Number(row?.speakers ?? 0) >= 2;
}

/** What this person wrote in the last minute into conversations nobody has answered yet (all of them together). */
export async function countUnansweredLastMinute(db: Db, senderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, senderId),
        gt(chatMessages.createdAt, sql`now() - interval '1 minute'`),
        sql`not exists (select 1 from chat_messages answer
          where answer.conversation_id = ${chatMessages.conversationId} and answer.sender_id <> ${senderId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The conversation's id, creating it (and both members' rows) when this is the first message. */
export async function ensureConversation(
  db: Db,
  chat: { productId: number; buyerId: number; sellerId: number },
): Promise<number> {
  const [inserted] = await db
    .insert(conversations)
    .values(chat)
    .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] })
    .returning({ id: conversations.id });
  const id = inserted?.id ?? (await findConversation(db, chat.productId, chat.buyerId))?.id;
  if (id === undefined) throw new Error('conversation neither inserted nor found');
  await db
    .insert(conversationMembers)
    .values([
      { conversationId: id, userId: chat.buyerId },
      { conversationId: id, userId: chat.sellerId },
    ])
    .onConflictDoNothing();
  return id;
}

export interface StoredMessage {
  id: number;
  createdAt: Date;
}

/** Stores a message, makes it the conversation's latest, and counts it as read by its sender. */
export async function insertMessage(
  db: Db,
  conversationId: number,
  senderId: number,
  body: string,
  safetyWarning: string | null = null,
  /** A held message released by staff keeps the time it was written. */
  createdAt?: Date,
  /** The row of an offer made in the chat (docs/product.md §18). */
  offerId?: number,
): Promise<StoredMessage> {
  const [row] = await db
    .insert(chatMessages)
    .values({ conversationId, senderId, body, safetyWarning, offerId, ...(createdAt && { createdAt }) })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!row) throw new Error('insert into chat_messages returned no row');
  const at = sql`${row.createdAt.toISOString()}::timestamptz`;
  const { buyerId, sellerId, askedAt, answeredAt } = conversations;
  // The seller's reply time (docs/product.md §20): the buyer's first message, and the seller's first at or after
  // it. A buyer's message that comes first (or a held one released with its earlier time) looks the answer up again.
  const firstQuestion = sql`${senderId} = ${buyerId} and (${askedAt} is null or ${at} < ${askedAt})`;
  await db
    .update(conversations)
    .set({
      lastMessageId: row.id,
      lastMessageAt: row.createdAt,
      askedAt: sql`case when ${firstQuestion} then ${at} else ${askedAt} end`,
      answeredAt: sql`case
        when ${firstQuestion} then (
          select min(m.created_at) from ${chatMessages} m
          where m.conversation_id = ${conversations.id} and m.sender_id = ${sellerId} and m.created_at >= ${at})
        when ${senderId} = ${sellerId} and ${askedAt} <= ${at} and (${answeredAt} is null or ${at} < ${answeredAt})
          then ${at}
        else ${answeredAt} end`,
    })
    .where(eq(conversations.id, conversationId));
  await markRead(db, conversationId, senderId, row.id);
  return row;
}
