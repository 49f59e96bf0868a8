/**
 * Every column that names a person, and what the export (GET /api/Account/export) and the deletion
 * (DELETE /api/Account, the staff console's delete) do with it. personal-data.test.ts reads the live schema's
 * foreign keys to `users` and fails when one is missing here or its ON DELETE differs, so a table added later
 * (saved searches, blocks, push subscriptions, notifications…) cannot be forgotten: add its row here, its export
 * section in account-data.repository.ts, and say how deletion handles it.
 */
import type { AccountExport } from '@rummage/contract';

/** How the column refers to the person in the schema. */
export type PersonLink =
  /** A foreign key to users(id); deleting the users row does what ON DELETE says. */
  | { foreignKey: 'cascade' | 'set null' }
  /** A plain id or key without a foreign key (decision 0012), handled by the service as `deletion` says. */
  | { plain: string };

export interface PersonReference {
  table: string;
  column: string;
  link: PersonLink;
  /** The export file's section holding these rows, or null with `notExported` saying why. */
  exported: keyof AccountExport | null;
  notExported?: string;
  /** What deletion does with the rows, in the product's words. */
  deletion: string;
}

export const PERSONAL_DATA: readonly PersonReference[] = [
  {
    table: 'users',
    column: 'id',
    link: { plain: 'the account itself' },
    exported: 'profile',
    deletion: 'deleted',
  },
  {
    table: 'sessions',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'sessions',
    deletion: 'deleted; live hub connections close (session.ended)',
  },
  {
    table: 'password_reset_tokens',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'passwordResets',
    deletion: 'deleted',
  },
  {
    table: 'email_verification_tokens',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'emailVerifications',
    deletion: 'deleted (the daily count of e-mails per address keeps only a hash of the address, for a day)',
  },
  {
    table: 'held_messages',
    column: 'sender_id',
    link: { foreignKey: 'cascade' },
    exported: 'heldMessages',
    deletion: 'deleted: a message never delivered goes with its sender',
  },
  {
    table: 'held_messages',
    column: 'receiver_id',
    link: { foreignKey: 'cascade' },
    exported: null,
    notExported: "another person's message that was never delivered to this person",
    deletion: 'deleted: a message to a deleted account can never be delivered',
  },
  {
    table: 'held_messages',
    column: 'buyer_id',
    link: { foreignKey: 'cascade' },
    exported: null,
    notExported: 'the chat a held message belongs to; the sender_id row is what is exported',
    deletion: 'deleted with the chat it would have started',
  },
  {
    table: 'users',
    column: 'email_verified_at',
    link: { plain: 'a column of the account' },
    exported: 'profile',
    deletion: 'deleted with the account',
  },
  {
    table: 'email_verification_sends',
    column: 'address_hash',
    link: { plain: 'the SHA-256 of a lower-cased address; no account id' },
    exported: null,
    notExported:
      'a one-way hash of an address, not tied to the account, kept one day to cap verification e-mails per address',
    deletion:
      "kept until a day old, then purged: a deleted account's sends still count toward its address's daily cap",
  },
  {
    table: 'follows',
    column: 'follower_id',
    link: { foreignKey: 'cascade' },
    exported: 'following',
    deletion: 'deleted',
  },
  {
    table: 'follows',
    column: 'followee_id',
    link: { foreignKey: 'cascade' },
    exported: 'followers',
    deletion: 'deleted',
  },
  {
    table: 'user_blocks',
    column: 'blocker_id',
    link: { foreignKey: 'cascade' },
    exported: 'blocked',
    deletion: 'deleted',
  },
  {
    table: 'user_blocks',
    column: 'blocked_id',
    link: { foreignKey: 'cascade' },
    exported: null,
    notExported: 'a blocked person is never told who blocked them (docs/product.md §11)',
    deletion: 'deleted',
  },
  {
    table: 'saved_searches',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'savedSearches',
    deletion: 'deleted, with the listings each matched (saved_search_matches goes with its saved search)',
  },
  {
    table: 'profile_views',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'profile',
    deletion: 'deleted (the export carries the count)',
  },
  {
    table: 'profile_views',
    column: 'viewer_key',
    link: { plain: "'u:<user id>'" },
    exported: 'viewedProfiles',
    deletion: 'deleted by the service',
  },
  {
    table: 'products',
    column: 'seller_id',
    link: { foreignKey: 'cascade' },
    exported: 'listings',
    deletion: 'deleted with their photos (rows and files); chats about them keep title and price',
  },
  {
    table: 'products',
    column: 'reserved_for_id',
    link: { foreignKey: 'set null' },
    exported: null,
    notExported:
      "a hold lasts RESERVATION_HOURS at most and is the seller's note on their listing; the buyer sees it on the listing and in the chat",
    deletion: "set null: the seller's listing is no longer held",
  },
  {
    table: 'product_views',
    column: 'viewer_key',
    link: { plain: "'u:<user id>'" },
    exported: 'viewedListings',
    deletion: 'deleted by the service',
  },
  {
    table: 'product_likes',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'likes',
    deletion: 'deleted',
  },
  {
    table: 'product_reports',
    column: 'reporter_id',
    link: { foreignKey: 'cascade' },
    exported: 'reports',
    deletion: 'deleted',
  },
  {
    table: 'review_reports',
    column: 'reporter_id',
    link: { foreignKey: 'cascade' },
    exported: 'ratingReports',
    deletion: 'deleted',
  },
  {
    table: 'product_reports',
    column: 'related_user_id',
    link: { foreignKey: 'set null' },
    exported: null,
    notExported:
      "staff's automatic report on another seller's listing whose photo matches this person's (docs/product.md §17)",
    deletion: 'set to null: the report stays with the other listing',
  },
  {
    table: 'photo_hashes',
    column: 'seller_id',
    link: { foreignKey: 'cascade' },
    exported: 'photoHashes',
    deletion: 'deleted',
  },
  {
    table: 'garage_sales',
    column: 'seller_id',
    link: { foreignKey: 'cascade' },
    exported: 'garageSales',
    deletion: 'deleted',
  },
  {
    table: 'deals',
    column: 'seller_id',
    link: { plain: 'user id' },
    exported: 'deals',
    deletion: "kept for the buyer, who sees 'Deleted user'; it still counts in their deals done",
  },
  {
    table: 'deals',
    column: 'buyer_id',
    link: { plain: 'user id' },
    exported: 'deals',
    deletion: "kept for the seller, who sees 'Deleted user'; it still counts in their deals done",
  },
  {
    table: 'reviews',
    column: 'author_id',
    link: { plain: 'user id' },
    exported: 'deals',
    deletion: "kept on the rated person's profile under 'Deleted user' (docs/product.md §20)",
  },
  {
    table: 'reviews',
    column: 'subject_id',
    link: { plain: 'user id' },
    exported: 'deals',
    deletion: 'kept with the deal; with the profile gone nobody can read them',
  },
  {
    table: 'conversations',
    column: 'buyer_id',
    link: { plain: 'user id' },
    exported: 'chats',
    deletion: "kept for the other side, who sees 'Deleted user'",
  },
  {
    table: 'conversations',
    column: 'seller_id',
    link: { plain: 'user id' },
    exported: 'chats',
    deletion: "kept for the other side, who sees 'Deleted user'",
  },
  {
    table: 'conversation_members',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: null,
    notExported: 'read positions only; the chats themselves are exported',
    deletion: 'deleted',
  },
  {
    table: 'chat_messages',
    column: 'sender_id',
    link: { plain: 'user id' },
    exported: 'chats',
    deletion: "kept in the other side's history as 'Deleted user'",
  },
  ...(['buyer_id', 'seller_id', 'from_user_id'] as const).map((column): PersonReference => ({
    table: 'offers',
    column,
    link: { plain: 'user id' },
    exported: 'offers',
    deletion:
      "kept in the other side's chat as 'Deleted user'; open offers end (withdrawn when the person made them, " +
      'expired when made to them)',
  })),
  {
    table: 'support_tickets',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'supportTickets',
    deletion: 'deleted with their messages',
  },
  {
    table: 'support_tickets',
    column: 'closed_by',
    link: { foreignKey: 'set null' },
    exported: null,
    notExported: "staff work on other people's tickets",
    deletion: 'the ticket stays, closed by nobody',
  },
  {
    table: 'support_messages',
    column: 'sender_id',
    link: { foreignKey: 'set null' },
    exported: 'supportTickets',
    deletion: "a staff member's answers stay in the ticket, from the support account",
  },
  {
    table: 'moderation_log',
    column: 'actor_id',
    link: { foreignKey: 'set null' },
    exported: null,
    notExported: 'staff work, kept as the record of what staff did',
    deletion: 'the entry stays without its actor',
  },
  {
    table: 'moderation_log',
    column: 'target_user_id',
    link: { foreignKey: 'set null' },
    exported: 'moderation',
    deletion: 'the entry stays without its target (a staff deletion names the account in its reason)',
  },
  {
    table: 'notifications',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'notifications',
    deletion: 'deleted',
  },
  {
    table: 'notification_preferences',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'notificationPreferences',
    deletion: 'deleted',
  },
  {
    table: 'push_subscriptions',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: 'pushSubscriptions',
    deletion: 'deleted: no push reaches a deleted account',
  },
  {
    table: 'notification_emails',
    column: 'user_id',
    link: { foreignKey: 'cascade' },
    exported: null,
    notExported: 'pacing of notification e-mails (when the last one per chat went out), not content',
    deletion: 'deleted',
  },
];
