/** Deals between strangers (docs/product.md §18): the offers a buyer and a seller make each other in a chat. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { OFFER_STATUSES } from '@rummage/contract';
import { at, id } from './columns.js';
import { conversations } from './messaging.js';

const STATUSES = sql.raw(OFFER_STATUSES.map((status) => `'${status}'`).join(', '));

export const offers = pgTable(
  'offers',
  {
    id: id(),
    /** The chat the offer is made in; offers go with it (they show among its messages). */
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Plain ids, as in the chat (decision 0012): the other side keeps the history of a deleted person's offers. */
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
    /** Who made it: the buyer, or the seller countering. The other party answers it. */
    fromUserId: bigint('from_user_id', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    /** Below the seller's lowest offer: declined at once, never shown to the seller, not counted as a try. */
    belowMinimum: boolean('below_minimum').notNull().default(false),
    /** The offer this one counters. */
    countersId: bigint('counters_id', { mode: 'number' }).references((): AnyPgColumn => offers.id, {
      onDelete: 'set null',
    }),
    expiresAt: at('expires_at').notNull(),
    answeredAt: at('answered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('offers_status_check', sql`${t.status} in (${STATUSES})`),
    check('offers_amount_check', sql`${t.amount} > 0`),
    check('offers_parties_check', sql`${t.fromUserId} in (${t.buyerId}, ${t.sellerId})`),
    // One open offer between a buyer and a seller about a listing, whoever made it.
    uniqueIndex('offers_one_pending_idx')
      .on(t.productId, t.buyerId)
      .where(sql`${t.status} = 'pending'`),
    index('offers_product_id_created_at_idx').on(t.productId, t.createdAt),
    index('offers_conversation_id_created_at_idx').on(t.conversationId, t.createdAt),
  ],
);
