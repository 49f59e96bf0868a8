import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
