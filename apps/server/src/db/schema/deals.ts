/**
 * Deals between strangers: the offers a buyer and a seller make each other in a chat (docs/product.md §18), the
 * deal a sale to someone records (§19), and the ratings it unlocks (§20).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  numeric,
  smallint,
  pgTable,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DEAL_STATUSES, OFFER_STATUSES, REVIEW_ROLES } from '@rummage/contract';
import { at, id } from './columns.js';
import { conversations } from './messaging.js';
import { userRef } from './people.js';

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

const DEAL_STATUS_LIST = sql.raw(DEAL_STATUSES.map((status) => `'${status}'`).join(', '));
const ROLE_LIST = sql.raw(REVIEW_ROLES.map((role) => `'${role}'`).join(', '));

/**
 * A listing marked sold to someone who chatted about it (§19). Plain ids, as in the chat: the other side keeps
 * the deal, and the ratings it carries, when a listing or an account is deleted.
 */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    /** The listing's title when it was sold: the deal names it after the listing is gone. */
    title: text('title').notNull(),
    /** The accepted offer's amount, else the listing's price. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status', { enum: DEAL_STATUSES }).notNull().default('completed'),
    soldAt: at('sold_at').notNull().defaultNow(),
    /** The end of the rating window (REVIEW_DAYS after the sale); a dispute or a sale undone voids only before. */
    rateUntil: at('rate_until').notNull(),
    voidedAt: at('voided_at'),
  },
  (t) => [
    check('deals_status_check', sql`${t.status} in (${DEAL_STATUS_LIST})`),
    check('deals_parties_check', sql`${t.sellerId} <> ${t.buyerId}`),
    index('deals_seller_id_sold_at_idx').on(t.sellerId, t.soldAt),
    index('deals_buyer_id_sold_at_idx').on(t.buyerId, t.soldAt),
    index('deals_product_id_sold_at_idx').on(t.productId, t.soldAt),
  ],
);

/**
 * One side's rating of a deal (§20). Hidden until both sides rated or the window ended (`published_at`); the
 * author and the rated person are plain ids, so a deleted author's ratings stay under "Deleted user".
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** What the rated person was in the deal. */
    role: text('role', { enum: REVIEW_ROLES }).notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    publishedAt: at('published_at'),
    /** The rated person's one public answer. */
    reply: text('reply'),
    repliedAt: at('replied_at'),
    /** Staff removed it, for the rule it broke (its author is told). */
    removedAt: at('removed_at'),
    removedReason: text('removed_reason'),
  },
  (t) => [
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('reviews_role_check', sql`${t.role} in (${ROLE_LIST})`),
    check('reviews_parties_check', sql`${t.authorId} <> ${t.subjectId}`),
    unique('reviews_deal_id_author_id_key').on(t.dealId, t.authorId),
    // A profile's ratings, newest first, and its averages.
    index('reviews_subject_id_created_at_idx').on(t.subjectId, t.createdAt),
    index('reviews_author_id_idx').on(t.authorId),
  ],
);

/** A person's report of a rating: it joins the staff reports queue beside reported listings. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: userRef('reporter_id'),
    reason: text('reason'),
    status: text('status', { enum: ['open', 'reviewed', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('review_reports_review_id_reporter_id_key').on(t.reviewId, t.reporterId),
    index('review_reports_status_created_at_idx').on(t.status, t.createdAt),
    check('review_reports_status_check', sql`${t.status} in ('open', 'reviewed', 'dismissed')`),
  ],
);
