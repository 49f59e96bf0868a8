/** Conversations: chats about a listing, support tickets, and the staff's moderation log. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { products } from './listings.js';
import { userRef, users } from './people.js';

/**
 * A chat about one listing between its seller and one buyer (SPEC "chat room"). The seller is copied from the
 * listing when the first message is sent, so (product, buyer) names the conversation from either side.
 * last_message_id orders the inbox and answers "anything new?" without scanning messages. asked_at (the buyer's
 * first message) and answered_at (the seller's first at or after it) give the seller's reply time on their profile
 * without reading a busy seller's messages (docs/product.md §20); every message's insert keeps them.
 *
 * The listing and both people are kept as plain ids, without foreign keys (decision 0012): a chat outlives the
 * listing and either account, so the other side keeps its history. Ids are identities and never reused, so a
 * dangling id names nobody else. When the listing goes, its title and price are copied here first.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
    /** The listing's title and price when it was deleted; null while it exists. */
    productTitle: text('product_title'),
    productPrice: numeric('product_price', { precision: 12, scale: 2, mode: 'number' }),
    /** The deal the listing's last sale recorded, kept with its title and price: what the two agreed stays. */
    productSaleDealId: bigint('product_sale_deal_id', { mode: 'number' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    askedAt: at('asked_at'),
    answeredAt: at('answered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_product_id_buyer_id_key').on(t.productId, t.buyerId),
    check('conversations_buyer_not_seller_check', sql`${t.buyerId} <> ${t.sellerId}`),
    index('conversations_seller_id_created_at_idx').on(t.sellerId, t.createdAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** A plain id (decision 0012): a deleted person's messages stay in the other side's history. */
    senderId: bigint('sender_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The kind of scam warning the recipient reads under it (SAFETY_WARNING_KINDS), or null (§16). */
    safetyWarning: text('safety_warning'),
    /**
     * The offer this row shows (docs/product.md §18), null on plain messages. A plain id: the offer and its row
     * both go with their conversation.
     */
    offerId: bigint('offer_id', { mode: 'number' }),
  },
  (t) => [
    index('chat_messages_conversation_id_id_idx').on(t.conversationId, t.id),
    // A person's median reply time (docs/product.md §20) reads, per chat, the buyer's first message and the
    // seller's first after it: two index-only probes instead of every message the seller ever sent.
    index('chat_messages_conversation_id_sender_id_created_at_idx').on(
      t.conversationId,
      t.senderId,
      t.createdAt,
    ),
    // Rate limits count a sender's recent messages.
    index('chat_messages_sender_id_created_at_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * Each side's view of a conversation: what they have read, and what they cleared with "delete chat". Deleting
 * hides messages up to cleared_message_id for that side only; a newer message brings the chat back.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    clearedMessageId: bigint('cleared_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'conversation_members_pkey', columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_id_idx').on(t.userId),
  ],
);

export const TICKET_SUBJECTS = ['system-bug', 'another-thrifter', 'a-product', 'something-else'] as const;
export const TICKET_STATUSES = ['open', 'closed'] as const;

/**
 * Support tickets (docs/product.md §2 Support). One open ticket per user (partial unique index); closing lets the user open
 * a new one. Each side's read position answers the unread support count without scanning messages.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    userId: userRef('user_id'),
    subject: text('subject', { enum: TICKET_SUBJECTS }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    /** Last message id the user has read; staff share one read position (any staff member reading counts). */
    userLastReadId: bigint('user_last_read_id', { mode: 'number' }).notNull().default(0),
    staffLastReadId: bigint('staff_last_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
    closedBy: bigint('closed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('support_tickets_one_open_per_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('support_tickets_status_last_message_at_idx').on(t.status, t.lastMessageAt),
    check(
      'support_tickets_subject_check',
      sql`${t.subject} in ('system-bug', 'another-thrifter', 'a-product', 'something-else')`,
    ),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Null when the staff member's account was removed; the message stays in the ticket. */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    sentByUser: boolean('sent_by_user').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_id_id_idx').on(t.ticketId, t.id)],
);

/**
 * Chat messages held for a check (docs/product.md §16): near-certain spam from an account younger than a day or
 * with no verified address. The recipient gets nothing until staff release one (it then becomes a chat message
 * with its original time) or reject it (never delivered). Nothing here is a conversation yet: a held first
 * message starts none.
 */
export const heldMessages = pgTable(
  'held_messages',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: userRef('buyer_id'),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    body: text('body').notNull(),
    safetyWarning: text('safety_warning').notNull(),
    score: doublePrecision('score').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** 'held', then 'released' or 'rejected' by staff. */
    status: text('status', { enum: ['held', 'released', 'rejected'] })
      .notNull()
      .default('held'),
    decidedAt: at('decided_at'),
    /** The chat message a release made. */
    messageId: bigint('message_id', { mode: 'number' }),
  },
  (t) => [
    index('held_messages_status_created_at_idx').on(t.status, t.createdAt),
    index('held_messages_sender_id_idx').on(t.senderId),
    check('held_messages_status_check', sql`${t.status} in ('held', 'released', 'rejected')`),
  ],
);

/** Every staff action (hide, dismiss, ban, unban, role changes, ticket close/reopen): who, what, when, why. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: id(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: bigint('target_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    targetProductId: bigint('target_product_id', { mode: 'number' }).references(() => products.id, {
      onDelete: 'set null',
    }),
    targetTicketId: bigint('target_ticket_id', { mode: 'number' }).references(() => supportTickets.id, {
      onDelete: 'set null',
    }),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created_at_idx').on(t.createdAt),
    index('moderation_log_target_user_id_idx').on(t.targetUserId),
  ],
);
