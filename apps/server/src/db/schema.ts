import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@rummage/contract';

/** Ids are identities in number mode: JSON-friendly, and 2^53 rows is more than a marketplace will ever hold. */
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phoneE164: text('phone_e164'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    imageUrl: text('image_url'),
    coverPhotoUrl: text('cover_photo_url'),
    termsAcceptedAt: at('terms_accepted_at'),
    bannedAt: at('banned_at'),
    /** Why staff banned the account (shown to staff, never to the public). */
    banReason: text('ban_reason'),
    /** Profile views, counted once per viewer per hour and never for the owner (profile_views). */
    views: integer('views').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // "Bob" and "bob" are the same person to everyone reading a listing, so uniqueness ignores case.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'staff', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** sha256 of the bearer token: a leaked database does not hand out live sessions. */
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    userId: userRef('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
    userId: userRef('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Captcha solutions already accepted, so one solved challenge registers one account (shared by every process). */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('captcha_solutions_expires_at_idx').on(t.expiresAt)],
);

export const categories = pgTable('categories', {
  id: id(),
  title: text('title').notNull().unique('categories_title_key'),
});

/** PostgreSQL's text-search vector; drizzle has no built-in type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Listings. Location is two doubles plus a GiST index on point(longitude, latitude): the radius search uses it as
 * a box pre-filter before the exact haversine check (DESIGN §3, no extension needed).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    sellerId: userRef('seller_id'),
    // A category removed by an operator must not take its listings with it.
    categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Money is numeric, never float; mode 'number' is safe for 12 digits with 2 decimals. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** "City, ST" from the gazetteer at write time, so lists never geocode per row. */
    locationText: text('location_text'),
    isSold: boolean('is_sold').notNull().default(false),
    soldAt: at('sold_at'),
    /** Set by moderation: hidden listings leave every public list but stay for their owner and staff. */
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
    views: integer('views').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // Title words weigh more than description words should ranking ever be added; the feed orders by time.
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, "title"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')`,
    ),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('products_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('products_sold_at_check', sql`${t.isSold} = (${t.soldAt} is not null)`),
    index('products_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_seller_id_created_at_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('products_category_id_idx').on(t.categoryId),
    index('products_location_gist_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('products_search_gin_idx').using('gin', t.search),
  ],
);

/** A listing's photos in display order; the files live in the image store under these keys. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    index('product_images_product_id_position_idx').on(t.productId, t.position),
    // Demo listings share image files; deleting a listing removes only files no other row still uses.
    index('product_images_large_key_idx').on(t.largeKey),
  ],
);

const productRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/** One row per (user, listing): the primary key makes a double click unable to like twice. */
export const productLikes = pgTable(
  'product_likes',
  {
    userId: userRef('user_id'),
    productId: productRef('product_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'product_likes_pkey', columns: [t.userId, t.productId] }),
    index('product_likes_product_id_idx').on(t.productId),
  ],
);

export const REPORT_STATUSES = ['open', 'reviewed', 'dismissed'] as const;

export const productReports = pgTable(
  'product_reports',
  {
    id: id(),
    productId: productRef('product_id'),
    reporterId: userRef('reporter_id'),
    reason: text('reason'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('product_reports_product_id_reporter_id_key').on(t.productId, t.reporterId),
    index('product_reports_status_created_at_idx').on(t.status, t.createdAt),
    check('product_reports_status_check', sql`${t.status} in ('open', 'reviewed', 'dismissed')`),
  ],
);

/**
 * Who looked at a listing, and when they were last counted: a viewer counts once per hour. viewer_key is
 * "u:<user id>" or "v:<hash of IP and user agent>", never the raw IP.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: productRef('product_id'),
    viewerKey: text('viewer_key').notNull(),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'product_views_pkey', columns: [t.productId, t.viewerKey] })],
);

/** follower follows followee. Listings read it for isFollowedByCurrentUser; the profile API writes it. */
export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'follows_pkey', columns: [t.followerId, t.followeeId] }),
    index('follows_followee_id_idx').on(t.followeeId),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * Garage sales. The seller picks local wall-clock dates and times at the sale's place (DESIGN §3): those are kept
 * as typed (start/end date and time) with the place's IANA zone, and the instants they mean (starts_at, ends_at)
 * are computed once at write time, so "has it started / ended?" is one comparison with now() everywhere.
 * Rows are deleted by the expiry job once ends_at has passed (jobs/garage-expiry.ts); every read also filters
 * on ends_at, so nothing depends on the job having run.
 */
export const garageSales = pgTable(
  'garage_sales',
  {
    id: id(),
    sellerId: userRef('seller_id'),
    /** The address text the seller chose (SPEC §3 "title"). */
    title: text('title').notNull(),
    /** "City, ST" from the gazetteer at write time. */
    locationText: text('location_text'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Chosen from the fixed GARAGE_ITEMS list, in the order the seller ticked them. */
    items: text('items').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    endTime: time('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('garage_sales_ends_after_starts_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('garage_sales_items_check', sql`cardinality(${t.items}) > 0`),
    check('garage_sales_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('garage_sales_longitude_check', sql`${t.longitude} between -180 and 180`),
    index('garage_sales_location_gist_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    // Lists read "not ended yet, soonest first"; the expiry job deletes by ends_at.
    index('garage_sales_starts_at_idx').on(t.startsAt),
    index('garage_sales_ends_at_idx').on(t.endsAt),
    index('garage_sales_seller_id_starts_at_idx').on(t.sellerId, t.startsAt),
  ],
);

/** Who looked at a profile and when they were last counted; viewer_key as in product_views. */
export const profileViews = pgTable(
  'profile_views',
  {
    userId: userRef('user_id'),
    viewerKey: text('viewer_key').notNull(),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'profile_views_pkey', columns: [t.userId, t.viewerKey] })],
);

/**
 * A chat about one listing between its seller and one buyer (SPEC "chat room"). The seller is copied from the
 * listing when the first message is sent, so (product, buyer) names the conversation from either side.
 * last_message_id orders the inbox and answers "anything new?" without scanning messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    productId: productRef('product_id'),
    buyerId: userRef('buyer_id'),
    sellerId: userRef('seller_id'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_product_id_buyer_id_key').on(t.productId, t.buyerId),
    check('conversations_buyer_not_seller_check', sql`${t.buyerId} <> ${t.sellerId}`),
    index('conversations_seller_id_idx').on(t.sellerId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_id_id_idx').on(t.conversationId, t.id),
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
 * Support tickets (SPEC §2 Support). One open ticket per user (partial unique index); closing lets the user open
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductImageRow = typeof productImages.$inferSelect;
export type GarageSaleRow = typeof garageSales.$inferSelect;
