/**
 * A person's rows, read for the export and removed for the deletion. personal-data.ts lists every column that
 * names a person and which function here covers it.
 */
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '@rummage/contract';
import {
  chatMessages,
  conversations,
  follows,
  garageSales,
  moderationLog,
  notifications,
  offers,
  passwordResetTokens,
  emailVerificationTokens,
  heldMessages,
  photoHashes,
  productImages,
  productLikes,
  productReports,
  productViews,
  products,
  profileViews,
  userBlocks,
  pushSubscriptions,
  savedSearchMatches,
  savedSearches,
  sessions,
  supportMessages,
  supportTickets,
  users,
} from '../../db/schema.js';
import { keepChatsAboutListings } from '../message/kept-chats.repository.js';
import type { OfferRow } from '../offer/offer.repository.js';
import type { Db } from '../product/product.cards.js';

export type DbTx = Db;

/** The viewer key product_views and profile_views count a signed-in person by. */
const viewerKey = (userId: number) => `u:${userId}`;

export async function findAccount(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export interface LockedAccount {
  id: number;
  username: string;
  role: 'user' | 'staff' | 'admin';
  imageUrl: string | null;
  coverPhotoUrl: string | null;
}

/** Takes the account's row for the rest of the transaction, so two deletions (or a deletion and a ban) queue. */
export async function lockAccount(db: Db, userId: number): Promise<LockedAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      imageUrl: users.imageUrl,
      coverPhotoUrl: users.coverPhotoUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.n ?? 0);
}

export function listingsOf(db: Db, userId: number) {
  return db.select().from(products).where(eq(products.sellerId, userId)).orderBy(asc(products.id));
}

export function photosOfListingsOf(db: Db, userId: number) {
  return db
    .select({
      productId: productImages.productId,
      largeKey: productImages.largeKey,
      thumbKey: productImages.thumbKey,
    })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(eq(products.sellerId, userId))
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

export function garageSalesOf(db: Db, userId: number) {
  return db.select().from(garageSales).where(eq(garageSales.sellerId, userId)).orderBy(asc(garageSales.id));
}

export function likesOf(db: Db, userId: number) {
  return db
    .select({ productId: productLikes.productId, createdAt: productLikes.createdAt })
    .from(productLikes)
    .where(eq(productLikes.userId, userId))
    .orderBy(asc(productLikes.createdAt));
}

export function listingViewsOf(db: Db, userId: number) {
  return db
    .select({ productId: productViews.productId, viewedAt: productViews.viewedAt })
    .from(productViews)
    .where(eq(productViews.viewerKey, viewerKey(userId)));
}

export function profileViewsBy(db: Db, userId: number) {
  return db
    .select({ userId: profileViews.userId, viewedAt: profileViews.viewedAt })
    .from(profileViews)
    .where(eq(profileViews.viewerKey, viewerKey(userId)));
}

export function reportsBy(db: Db, userId: number) {
  return db
    .select({
      productId: productReports.productId,
      reason: productReports.reason,
      status: productReports.status,
      createdAt: productReports.createdAt,
    })
    .from(productReports)
    .where(eq(productReports.reporterId, userId));
}

const otherPerson = alias(users, 'other_person');

/** The people this person blocked, with names. */
export function blocksBy(db: Db, userId: number) {
  return db
    .select({ userId: otherPerson.id, userName: otherPerson.username, since: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(otherPerson, eq(otherPerson.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
}

/** The person's saved searches, oldest first, each with the listings it matched. */
export async function savedSearchesBy(db: Db, userId: number) {
  const searches = await db
    .select({
      id: savedSearches.id,
      search: savedSearches.search,
      latitude: savedSearches.latitude,
      longitude: savedSearches.longitude,
      radiusKm: savedSearches.radiusKm,
      placeLabel: savedSearches.placeLabel,
      createdAt: savedSearches.createdAt,
      seenAt: savedSearches.seenAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const matches =
    searches.length === 0
      ? []
      : await db
          .select()
          .from(savedSearchMatches)
          .where(
            inArray(
              savedSearchMatches.savedSearchId,
              searches.map((search) => search.id),
            ),
          )
          .orderBy(asc(savedSearchMatches.matchedAt));
  return searches.map((search) => ({
    ...search,
    matches: matches.filter((match) => match.savedSearchId === search.id),
  }));
}

/** Whom the person follows (`following`) or who follows them (`followers`), with names. */
export function followsOf(db: Db, userId: number, side: 'following' | 'followers') {
  const [mine, theirs] =
    side === 'following'
      ? [follows.followerId, follows.followeeId]
      : [follows.followeeId, follows.followerId];
  return db
    .select({ userId: otherPerson.id, userName: otherPerson.username, since: follows.createdAt })
    .from(follows)
    .innerJoin(otherPerson, eq(otherPerson.id, theirs))
    .where(eq(mine, userId))
    .orderBy(asc(follows.createdAt));
}

/**
 * Every chat the person is in, whatever either side cleared, with the listing's title (live or kept). Not the
 * empty ones an offer below the seller's lowest opens: the seller never learns of them (docs/product.md §18), and
 * the buyer's offers are in the export's offers.
 */
export function chatsOf(db: Db, userId: number) {
  return db
    .select({
      id: conversations.id,
      productId: conversations.productId,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      productTitle: sql<string>`coalesce(${products.title}, ${conversations.productTitle}, '')`,
    })
    .from(conversations)
    .leftJoin(products, eq(products.id, conversations.productId))
    .where(
      and(
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        gt(conversations.lastMessageId, 0),
      ),
    )
    .orderBy(asc(conversations.id));
}

export function chatMessagesIn(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      senderId: chatMessages.senderId,
      senderName: users.username,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(inArray(chatMessages.conversationId, conversationIds))
    .orderBy(asc(chatMessages.id));
}

export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.username]));
}

export function ticketsOf(db: Db, userId: number) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.id));
}

export function ticketMessagesIn(db: Db, ticketIds: number[]) {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ticketId: supportMessages.ticketId,
      sentByUser: supportMessages.sentByUser,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .where(inArray(supportMessages.ticketId, ticketIds))
    .orderBy(asc(supportMessages.id));
}

export function sessionsOf(db: Db, userId: number) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function passwordResetsOf(db: Db, userId: number) {
  return db
    .select({
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(asc(passwordResetTokens.createdAt));
}

export function emailVerificationsOf(db: Db, userId: number) {
  return db
    .select({
      email: emailVerificationTokens.email,
      createdAt: emailVerificationTokens.createdAt,
      expiresAt: emailVerificationTokens.expiresAt,
      usedAt: emailVerificationTokens.usedAt,
    })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.userId, userId))
    .orderBy(asc(emailVerificationTokens.createdAt));
}

export function photoHashesOf(db: Db, userId: number) {
  return db
    .select({ productId: photoHashes.productId, views: photoHashes.views, createdAt: photoHashes.createdAt })
    .from(photoHashes)
    .where(eq(photoHashes.sellerId, userId))
    .orderBy(asc(photoHashes.createdAt), asc(photoHashes.id));
}

export function heldMessagesBy(db: Db, userId: number) {
  return db
    .select({
      productId: heldMessages.productId,
      text: heldMessages.body,
      status: heldMessages.status,
      createdAt: heldMessages.createdAt,
      decidedAt: heldMessages.decidedAt,
    })
    .from(heldMessages)
    .where(eq(heldMessages.senderId, userId))
    .orderBy(asc(heldMessages.createdAt));
}

export function moderationAbout(db: Db, userId: number) {
  return db
    .select({
      action: moderationLog.action,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .where(eq(moderationLog.targetUserId, userId))
    .orderBy(asc(moderationLog.createdAt));
}

export function notificationsOf(db: Db, userId: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

export function pushSubscriptionsOf(db: Db, userId: number) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/**
 * Offers the person made or was made, oldest first (docs/product.md §18). A seller never saw offers below their
 * lowest, so those are the buyer's alone.
 */
export function offersOf(db: Db, userId: number) {
  return db
    .select()
    .from(offers)
    .where(or(eq(offers.buyerId, userId), and(eq(offers.sellerId, userId), eq(offers.belowMinimum, false))))
    .orderBy(asc(offers.id));
}

/**
 * Open offers end with the account: those the person made are withdrawn, those made to them expire. The rest stay
 * in the other side's chat, from "Deleted user", as the messages do. Answers the offers it ended.
 */
async function endOpenOffers(db: Db, userId: number, answeredAt: Date): Promise<OfferRow[]> {
  const open = and(eq(offers.status, 'pending'), or(eq(offers.buyerId, userId), eq(offers.sellerId, userId)));
  const withdrawn = await db
    .update(offers)
    .set({ status: 'withdrawn', answeredAt })
    .where(and(open, eq(offers.fromUserId, userId)))
    .returning();
  const expired = await db
    .update(offers)
    .set({ status: 'expired', answeredAt })
    .where(and(open, ne(offers.fromUserId, userId)))
    .returning();
  return [...withdrawn, ...expired];
}

/**
 * Other people's notification entries the person is an actor of ("alice offered $40 for Lamp") or is named in
 * ("You reserved Lamp for alice") name them "Deleted user" from now on, as their chats and offers do (decision
 * 0012), and so does an e-mail of them still to be sent, which reads the entry when it goes. Usernames are letters
 * and digits, so the name is matched as a whole word.
 */
async function forgetInOthersNotices(db: Db, userId: number): Promise<void> {
  const [person] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!person) return;
  const word = `\\m${person.username.replace(/[^A-Za-z0-9]/g, (c) => `\\${c}`)}\\M`;
  const deleted = messages.notifications.deletedUser;
  await db
    .update(notifications)
    .set({
      title: sql`regexp_replace(${notifications.title}, ${word}, ${deleted}, 'g')`,
      body: sql`regexp_replace(${notifications.body}, ${word}, ${deleted}, 'g')`,
    })
    .where(
      and(
        ne(notifications.userId, userId),
        or(
          sql`coalesce(${notifications.data} -> 'actors', '[]'::jsonb) @> ${JSON.stringify([userId])}::jsonb`,
          sql`coalesce(${notifications.data} -> 'named', '[]'::jsonb) @> ${JSON.stringify([userId])}::jsonb`,
        ),
      ),
    );
}

/**
 * Removes the account. Rows with a foreign key to the person go with the users row (ON DELETE, as
 * personal-data.ts lists); what names the person without one is handled here first: view counts keyed by
 * 'u:<id>' are deleted, chats keep the titles of the listings about to go, open offers end. Call inside a
 * transaction. Answers the open offers it ended, for the other side's chat to hear of.
 */
export async function deleteAccount(db: Db, userId: number, at: Date): Promise<OfferRow[]> {
  await forgetInOthersNotices(db, userId);
  await keepChatsAboutListings(db, { sellerId: userId });
  const ended = await endOpenOffers(db, userId, at);
  await db.delete(productViews).where(eq(productViews.viewerKey, viewerKey(userId)));
  await db.delete(profileViews).where(eq(profileViews.viewerKey, viewerKey(userId)));
  await db.delete(users).where(eq(users.id, userId));
  return ended;
}
