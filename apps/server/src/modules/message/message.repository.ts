/**
 * The chat's reads and its members' state: the listing, people and conversation a chat is about, what each member
 * has read or cleared, and the history. What sending a message writes, and the counts its rules read, are in
 * message-sending.repository.ts.
 */
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

/**
 * The conversation about a listing between two people, whichever of them is the buyer. `forShare` keeps its last
 * message as read until the transaction ends: a message sent meanwhile (which moves it) waits.
 */
export async function findConversationBetween(
  db: Db,
  productId: number,
  userId: number,
  otherUserId: number,
  options: { forShare?: boolean } = {},
): Promise<ConversationRow | undefined> {
  const query = db
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
  const [row] = await (options.forShare ? query.for('share') : query);
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
