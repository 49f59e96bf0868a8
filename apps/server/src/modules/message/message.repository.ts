import { and, desc, eq, gt, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { preparedRows, type Database } from '../../db/client.js';
import type { OfferStatus } from '@rummage/contract';
import {
  chatMessages,
  conversationMembers,
  conversations,
  offers,
  products,
  users,
} from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

export type { Db };

export interface ChatProduct {
  id: number;
  sellerId: number;
  title: string;
  price: number;
  isSold: boolean;
  hiddenAt: Date | null;
  sellerBannedAt: Date | null;
  /** The seller's hold (docs/product.md §12); the header shows it. */
  reservedForId: number | null;
  reservedUntil: Date | null;
}

const chatProductColumns = {
  id: products.id,
  sellerId: products.sellerId,
  title: products.title,
  price: products.price,
  isSold: products.isSold,
  hiddenAt: products.hiddenAt,
  sellerBannedAt: users.bannedAt,
  reservedForId: products.reservedForId,
  reservedUntil: products.reservedUntil,
};

export async function findProduct(db: Db, productId: number): Promise<ChatProduct | undefined> {
  const [row] = await db
    .select(chatProductColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

export interface ChatUser {
  id: number;
  username: string;
  imageUrl: string | null;
  bannedAt: Date | null;
  createdAt: Date;
  emailVerifiedAt: Date | null;
}

export async function findUser(db: Db, userId: number): Promise<ChatUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      imageUrl: users.imageUrl,
      bannedAt: users.bannedAt,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export interface ConversationRow {
  id: number;
  productId: number;
  buyerId: number;
  sellerId: number;
  lastMessageId: number;
}

const conversationColumns = {
  id: conversations.id,
  productId: conversations.productId,
  buyerId: conversations.buyerId,
  sellerId: conversations.sellerId,
  lastMessageId: conversations.lastMessageId,
};

/** A conversation is one buyer asking about one listing. */
export async function findConversation(
  db: Db,
  productId: number,
  buyerId: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select(conversationColumns)
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  return row;
}

export const PRODUCT_AND_CONVERSATION_STATEMENT = 'rummage_chat_product_and_conversation';

/** The listing and conversation row as the database sends it: numbers and times cast to read without drizzle. */
interface RawProductAndConversation extends Record<string, unknown> {
  id: number;
  sellerId: number;
  title: string;
  price: number;
  isSold: boolean;
  hiddenAtMs: number | null;
  sellerBannedAtMs: number | null;
  reservedForId: number | null;
  reservedUntilMs: number | null;
  conversationId: number | null;
  buyerId: number | null;
  conversationSellerId: number | null;
  lastMessageId: number | null;
}

type ProductAndConversation = { product: ChatProduct; conversation: ConversationRow | undefined };

const epochMs = (column: SQL | AnyColumn) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * A listing and the conversation about it between `userId` and `otherUserId`, in one query: the one whose buyer is
 * the other person when `userId` sells it, else `userId`'s own. Every chat request and JoinChat starts here. The
 * values are numbers, or placeholders for the statement prepared once (productAndConversationLookup).
 */
function productAndConversationQuery(productId: unknown, userId: unknown, otherUserId: unknown): SQL {
  return sql`select ${products.id}::float8 as id, ${products.sellerId}::float8 as "sellerId", ${products.title} as title,
      ${products.price}::float8 as price, ${products.isSold} as "isSold", ${epochMs(products.hiddenAt)} as "hiddenAtMs",
      ${epochMs(users.bannedAt)} as "sellerBannedAtMs", ${products.reservedForId}::float8 as "reservedForId",
      ${epochMs(products.reservedUntil)} as "reservedUntilMs", ${conversations.id}::float8 as "conversationId",
      ${conversations.buyerId}::float8 as "buyerId", ${conversations.sellerId}::float8 as "conversationSellerId",
      ${conversations.lastMessageId}::float8 as "lastMessageId"
    from ${products}
    join ${users} on ${users.id} = ${products.sellerId}
    left join ${conversations} on ${conversations.productId} = ${products.id} and (
      (${products.sellerId} = ${userId}::bigint and ${conversations.buyerId} = ${otherUserId}::bigint)
      or (${products.sellerId} <> ${userId}::bigint and ${conversations.buyerId} = ${userId}::bigint))
    where ${products.id} = ${productId}::bigint
    limit 1`;
}

function productAndConversationOf(
  row: RawProductAndConversation | undefined,
): ProductAndConversation | undefined {
  if (!row) return undefined;
  const product: ChatProduct = {
    id: Number(row.id),
    sellerId: Number(row.sellerId),
    title: row.title,
    price: Number(row.price),
    isSold: row.isSold,
    hiddenAt: dateOf(row.hiddenAtMs),
    sellerBannedAt: dateOf(row.sellerBannedAtMs),
    reservedForId: row.reservedForId === null ? null : Number(row.reservedForId),
    reservedUntil: dateOf(row.reservedUntilMs),
  };
  const conversation =
    row.conversationId === null
      ? undefined
      : {
          id: Number(row.conversationId),
          productId: product.id,
          buyerId: Number(row.buyerId),
          sellerId: Number(row.conversationSellerId),
          lastMessageId: Number(row.lastMessageId),
        };
  return { product, conversation };
}

/** The listing and the conversation about it (productAndConversationQuery), read in a transaction. */
export async function findProductAndConversation(
  db: Db,
  productId: number,
  userId: number,
  otherUserId: number,
): Promise<ProductAndConversation | undefined> {
  const result = (await db.execute(
    productAndConversationQuery(productId, userId, otherUserId),
  )) as unknown as {
    rows: RawProductAndConversation[];
  };
  return productAndConversationOf(result.rows[0]);
}

/**
 * `findProductAndConversation` prepared once by name (`preparedRows`) for reads outside a transaction: every
 * JoinChat, chat header and history page asks it, and a reconnect storm of hub clients asks it once per client.
 * Built by drizzle on each call, the query's building and planning were a tenth of a storm's CPU (--cpu-prof of
 * bench:hub-failover --storm).
 */
export function productAndConversationLookup(
  db: Database,
): (productId: number, userId: number, otherUserId: number) => Promise<ProductAndConversation | undefined> {
  const run = preparedRows<RawProductAndConversation>(
    db,
    productAndConversationQuery(
      sql.placeholder('productId'),
      sql.placeholder('userId'),
      sql.placeholder('otherUserId'),
    ),
    PRODUCT_AND_CONVERSATION_STATEMENT,
  );
  return async (productId, userId, otherUserId) =>
    productAndConversationOf((await run({ productId, userId, otherUserId }))[0]);
}

/** The conversation about a listing between two people, whichever of them is the buyer. */
export async function findConversationBetween(
  db: Db,
  productId: number,
  userId: number,
  otherUserId: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select(conversationColumns)
    .from(conversations)
    .where(
      and(
        eq(conversations.productId, productId),
        or(
          and(eq(conversations.buyerId, userId), eq(conversations.sellerId, otherUserId)),
          and(eq(conversations.buyerId, otherUserId), eq(conversations.sellerId, userId)),
        ),
      ),
    )
    .limit(1);
  return row;
}

export interface MemberState {
  lastReadMessageId: number;
  clearedMessageId: number;
}

export async function memberState(db: Db, conversationId: number, userId: number): Promise<MemberState> {
  const [row] = await db
    .select({
      lastReadMessageId: conversationMembers.lastReadMessageId,
      clearedMessageId: conversationMembers.clearedMessageId,
    })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1);
  return row ?? { lastReadMessageId: 0, clearedMessageId: 0 };
}

// -------------------------------------------------------------------------------------------------------------
// Sending

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

/** Whether both people have written in this conversation (after that, sharing a phone number is normal). */
export async function bothHaveWritten(db: Db, conversationId: number): Promise<boolean> {
  const [row] = await db
    .select({ speakers: sql<number>`count(distinct ${chatMessages.senderId})::int` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
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

// -------------------------------------------------------------------------------------------------------------
// Reading, clearing

/** Never moves backwards: a late "read" must not make newer messages unread again. */
export async function markRead(db: Db, conversationId: number, userId: number, upTo: number): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ lastReadMessageId: sql`greatest(${conversationMembers.lastReadMessageId}, ${upTo})` })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/** Hides everything up to `upTo` for this member only (and counts it read). */
export async function clearUpTo(db: Db, conversationId: number, userId: number, upTo: number): Promise<void> {
  await db
    .update(conversationMembers)
    .set({
      clearedMessageId: sql`greatest(${conversationMembers.clearedMessageId}, ${upTo})`,
      lastReadMessageId: sql`greatest(${conversationMembers.lastReadMessageId}, ${upTo})`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

export interface MessageRow {
  id: number;
  senderId: number;
  /** Null when the sender's account was deleted (the service says "Deleted user"). */
  userName: string | null;
  body: string;
  createdAt: Date;
  /** The scam warning's kind, for the recipient's eyes only (the service decides who reads it). */
  safetyWarning: string | null;
  /** The offer the row shows, as it stands now; absent or null on plain messages. */
  offer?: ChatOffer | null;
}

/** An offer as its chat row reads it; a pending one past `expiresAt` reads as expired. */
export interface ChatOffer {
  id: number;
  amount: number;
  status: OfferStatus;
  expiresAt: Date;
}

/** Newest first, `limit` messages with ids above `afterId` (what the reader cleared) and below `before`. */
export async function listMessages(
  db: Db,
  conversationId: number,
  options: { afterId: number; before?: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      userName: users.username,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
      safetyWarning: chatMessages.safetyWarning,
      offerId: offers.id,
      offerAmount: offers.amount,
      offerStatus: offers.status,
      offerExpiresAt: offers.expiresAt,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(offers, eq(offers.id, chatMessages.offerId))
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.id, options.afterId),
        options.before === undefined ? undefined : lt(chatMessages.id, options.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(options.limit);
  return rows.map(({ offerId, offerAmount, offerStatus, offerExpiresAt, ...row }) => ({
    ...row,
    offer:
      offerId === null || offerAmount === null || offerStatus === null || offerExpiresAt === null
        ? null
        : { id: offerId, amount: offerAmount, status: offerStatus, expiresAt: offerExpiresAt },
  }));
}
