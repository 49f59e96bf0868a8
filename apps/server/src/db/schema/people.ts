/** People: accounts, sessions, password resets, accepted captchas, follows and profile views. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALES, ROLES } from '@rummage/contract';
import { at, id } from './columns.js';

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
    /** When the person opened a verification link for the address they have now; null until then (§15). */
    emailVerifiedAt: at('email_verified_at'),
    /** The language the person chose to read (LOCALES); null: their browser's Accept-Language decides. */
    language: text('language', { enum: LOCALES }),
    bannedAt: at('banned_at'),
    /** Why staff banned the account (shown to staff, never to the public). */
    banReason: text('ban_reason'),
    /** Profile views, counted once per viewer per hour and never for the owner (profile_views). */
    views: integer('views').notNull().default(0),
    /**
     * Changes whenever something the person's reputation reads changes (a rating of them, a deal of theirs, a first
     * reply in a chat about their listing, a rater's ban): triggers of migration 0029 keep it, so a reputation
     * read before stays good while it is unchanged (modules/deal/reputations.ts).
     */
    reputationVersion: bigint('reputation_version', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // "Bob" and "bob" are the same person to everyone reading a listing, so uniqueness ignores case.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('user', 'staff', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'de', 'es')`),
  ],
);

/** A user's id in another table; the row goes with the user. */
export const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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

/** Verification links: only the token's hash is kept; a link verifies the address it was sent to, no other. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('email_verification_tokens_token_hash_key'),
    userId: userRef('user_id'),
    email: text('email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/**
 * Verification e-mails sent, per address across accounts, for the daily cap: the SHA-256 of the lower-cased
 * address, not the address, and no account (a deleted account's sends still count). Rows older than a day go.
 */
export const emailVerificationSends = pgTable(
  'email_verification_sends',
  {
    id: id(),
    addressHash: text('address_hash').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [index('email_verification_sends_address_idx').on(t.addressHash, t.sentAt)],
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
 * blocker blocked blocked: the blocked person cannot message or follow the blocker, and the blocker no longer sees
 * their chats or listings. Staff pages ignore it.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    // "Has the receiver blocked me?" is asked from the blocked side on every message.
    index('user_blocks_blocked_id_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
