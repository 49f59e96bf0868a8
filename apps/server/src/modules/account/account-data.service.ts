/**
 * A person's own data (docs/product.md, "Your data"): everything Rummage holds about them as one file, and the
 * deletion of their account, by themselves (password confirmed) or by staff (logged). personal-data.ts is the
 * registry of what names a person; its test keeps it equal to the live schema.
 */
import { messages, type AccountExport, type NotificationType } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError } from '../../lib/http-error.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { offerStatusAt } from '../message/chat-message.js';
import { readPreferences } from '../notification/preferences.repository.js';
import { presentOffer } from '../offer/offer.presenter.js';
import { keysInUse } from '../product/product.repository.js';
import type { ImageAddresses } from '../product/product.presenter.js';
import { recordAction } from '../staff/moderation-log.repository.js';
import type { AuthUser } from './session.service.js';
import { profilePhotoKey } from '../user/user.service.js';
import { dealsForExport, lockRaterAndRated, ratingReportsBy } from '../deal/review.repository.js';
import { accountArchive, archivedPhotos, type PhotoReader } from './account-archive.js';
import * as repo from './account-data.repository.js';

const D = messages.accountData;
const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

interface Log {
  warn(object: object, message: string): void;
}

export interface AccountDataServiceOptions {
  db: Database;
  /** Where photos live: their addresses and bytes for the export, their files for the deletion. */
  store: ImageAddresses & PhotoReader & { delete(key: string): Promise<void> };
  /** Removes profile and cover pictures nobody shows any more (UserService.discardPhotos). */
  discardProfilePhotos: (urls: string[]) => Promise<void>;
  /** Told `session.ended` after a deletion commits; hub delivery closes the person's connections. */
  events: EventBus;
  /** The deletion's consequences (open offers ended) are recorded in its transaction. */
  durable: DurableEvents;
  productName: string;
  log: Log;
  clock?: () => Date;
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

export function createAccountDataService(options: AccountDataServiceOptions) {
  const { db, store, events, log } = options;
  const clock = options.clock ?? (() => new Date());

  async function exportChats(userId: number): Promise<AccountExport['chats']> {
    const chats = await repo.chatsOf(db, userId);
    const lines = await repo.chatMessagesIn(
      db,
      chats.map((chat) => chat.id),
    );
    const others = chats.map((chat) => (chat.buyerId === userId ? chat.sellerId : chat.buyerId));
    const names = await repo.namesOf(db, [...new Set(others)]);
    return chats.map((chat, index) => {
      const otherUserId = others[index] as number;
      return {
        productId: chat.productId,
        productTitle: chat.productTitle,
        role: chat.buyerId === userId ? ('buyer' as const) : ('seller' as const),
        otherUserId,
        otherUserName: names.get(otherUserId) ?? messages.chat.deletedUser,
        messages: lines
          .filter((line) => line.conversationId === chat.id)
          .map((line) => ({
            id: line.id,
            fromMe: line.senderId === userId,
            userName: line.senderName ?? messages.chat.deletedUser,
            text: line.body,
            time: iso(line.createdAt),
          })),
      };
    });
  }

  async function exportTickets(userId: number): Promise<AccountExport['supportTickets']> {
    const tickets = await repo.ticketsOf(db, userId);
    const lines = await repo.ticketMessagesIn(
      db,
      tickets.map((ticket) => ticket.id),
    );
    return tickets.map((ticket) => ({
      id: ticket.id,
      subject: ticket.subject,
      status: ticket.status,
      createdAt: iso(ticket.createdAt),
      closedAt: isoOrNull(ticket.closedAt),
      messages: lines
        .filter((line) => line.ticketId === ticket.id)
        .map((line) => ({ fromMe: line.sentByUser, text: line.body, time: iso(line.createdAt) })),
    }));
  }

  async function exportListings(userId: number): Promise<AccountExport['listings']> {
    const [listings, photos] = await Promise.all([
      repo.listingsOf(db, userId),
      repo.photosOfListingsOf(db, userId),
    ]);
    return listings.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      categoryId: row.categoryId,
      latitude: row.latitude,
      longitude: row.longitude,
      location: row.locationText,
      isSold: row.isSold,
      soldAt: isoOrNull(row.soldAt),
      hiddenAt: isoOrNull(row.hiddenAt),
      hiddenReason: row.hiddenReason,
      minimumOffer: row.minimumOffer,
      views: row.views,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      photos: photos
        .filter((photo) => photo.productId === row.id)
        .map((photo) => ({ url: store.url(photo.largeKey), thumbnailUrl: store.url(photo.thumbKey) })),
    }));
  }

  /**
   * Deletes the account in one transaction (`inTransaction` runs first, under the account's row lock: the staff
   * checks and the log entry), then removes the photo files and ends the sessions' hub connections.
   */
  async function deleteAccount(
    userId: number,
    inTransaction: (tx: repo.DbTx, account: repo.LockedAccount) => Promise<void>,
  ): Promise<void> {
    const files = await options.durable.transaction(async (tx, record) => {
      await lockRaterAndRated(tx, userId);
      const account = await repo.lockAccount(tx, userId);
      if (!account) throw new HttpError(404, messages.staff.userNotFound);
      await inTransaction(tx, account);
      if (account.role === 'admin' && (await repo.countAdmins(tx)) <= 1) {
        throw new HttpError(409, messages.staff.lastAdmin);
      }
      const photos = await repo.photosOfListingsOf(tx, userId);
      const at = clock();
      // The other side's open chat takes the ended offer's new status, as after a withdrawal.
      for (const offer of await repo.deleteAccount(tx, userId, at))
        await record('offer.changed', { offer: presentOffer(offer, at) });
      return {
        listingKeys: photos.flatMap((photo) => [photo.largeKey, photo.thumbKey]),
        profilePhotos: [account.imageUrl, account.coverPhotoUrl].filter((url) => url !== null),
      };
    });
    await events.emit('session.ended', { userId, reason: 'accountDeleted' });
    // After the commit: had it failed, the listings would still show these photos. A failed file removal is
    // logged and left to the orphan sweep (jobs/orphan-uploads.ts) rather than failing a finished deletion.
    const shared = await keysInUse(db, files.listingKeys);
    await Promise.all(
      files.listingKeys
        .filter((key) => !shared.has(key))
        .map((key) =>
          store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'image not deleted')),
        ),
    );
    await options.discardProfilePhotos(files.profilePhotos);
  }

  /** Everything about the person, as the export file holds it (docs/product.md, "Your data"). */
  async function exportData(userId: number): Promise<AccountExport> {
    const account = await repo.findAccount(db, userId);
    if (!account) throw new HttpError(401, messages.common.loginRequired);
    const [listings, garageSales, likes, viewedListings, viewedProfiles, reports] = await Promise.all([
      exportListings(userId),
      repo.garageSalesOf(db, userId),
      repo.likesOf(db, userId),
      repo.listingViewsOf(db, userId),
      repo.profileViewsBy(db, userId),
      repo.reportsBy(db, userId),
    ]);
    const [following, followers, chats, supportTickets, sessions, resets, moderation] = await Promise.all([
      repo.followsOf(db, userId, 'following'),
      repo.followsOf(db, userId, 'followers'),
      exportChats(userId),
      exportTickets(userId),
      repo.sessionsOf(db, userId),
      repo.passwordResetsOf(db, userId),
      repo.moderationAbout(db, userId),
    ]);
    const [entries, notificationPreferences, subscriptions, blocked, kept] = await Promise.all([
      repo.notificationsOf(db, userId),
      readPreferences(db, userId),
      repo.pushSubscriptionsOf(db, userId),
      repo.blocksBy(db, userId),
      repo.savedSearchesBy(db, userId),
    ]);
    const [verifications, held, photos, deals, ratingReports, offers] = await Promise.all([
      repo.emailVerificationsOf(db, userId),
      repo.heldMessagesBy(db, userId),
      repo.photoHashesOf(db, userId),
      dealsForExport(db, userId, clock()),
      ratingReportsBy(db, userId),
      repo.offersOf(db, userId),
    ]);
    const link = (row: { userId: number; userName: string; since: Date }) => ({
      ...row,
      since: iso(row.since),
    });
    return {
      exportedAt: iso(clock()),
      product: options.productName,
      profile: {
        id: account.id,
        username: account.username,
        email: account.email,
        phoneNumber: account.phoneE164,
        role: account.role,
        address: account.address,
        latitude: account.latitude,
        longitude: account.longitude,
        profilePhotoUrl: account.imageUrl,
        coverPhotoUrl: account.coverPhotoUrl,
        profileViews: account.views,
        termsAcceptedAt: isoOrNull(account.termsAcceptedAt),
        emailVerifiedAt: isoOrNull(account.emailVerifiedAt),
        language: account.language,
        bannedAt: isoOrNull(account.bannedAt),
        createdAt: iso(account.createdAt),
      },
      listings,
      garageSales: garageSales.map((sale) => ({
        id: sale.id,
        title: sale.title,
        location: sale.locationText,
        latitude: sale.latitude,
        longitude: sale.longitude,
        items: sale.items,
        startDate: sale.startDate,
        startTime: sale.startTime,
        endDate: sale.endDate,
        endTime: sale.endTime,
        timeZone: sale.timeZone,
        createdAt: iso(sale.createdAt),
      })),
      likes: likes.map((like) => ({ productId: like.productId, likedAt: iso(like.createdAt) })),
      viewedListings: viewedListings.map((view) => ({ ...view, viewedAt: iso(view.viewedAt) })),
      viewedProfiles: viewedProfiles.map((view) => ({ ...view, viewedAt: iso(view.viewedAt) })),
      reports: reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
      following: following.map(link),
      followers: followers.map(link),
      blocked: blocked.map(link),
      chats,
      offers: offers.map((offer) => ({
        id: offer.id,
        productId: offer.productId,
        role: offer.buyerId === userId ? ('buyer' as const) : ('seller' as const),
        madeByMe: offer.fromUserId === userId,
        otherUserId: offer.buyerId === userId ? offer.sellerId : offer.buyerId,
        amount: offer.amount,
        status: offerStatusAt(offer, clock()),
        createdAt: iso(offer.createdAt),
        expiresAt: iso(offer.expiresAt),
        answeredAt: isoOrNull(offer.answeredAt),
      })),
      supportTickets,
      sessions: sessions.map((session) => ({
        ...session,
        createdAt: iso(session.createdAt),
        lastSeenAt: iso(session.lastSeenAt),
        expiresAt: iso(session.expiresAt),
        revokedAt: isoOrNull(session.revokedAt),
      })),
      passwordResets: resets.map((reset) => ({
        createdAt: iso(reset.createdAt),
        expiresAt: iso(reset.expiresAt),
        usedAt: isoOrNull(reset.usedAt),
      })),
      heldMessages: held.map((message) => ({
        ...message,
        createdAt: iso(message.createdAt),
        decidedAt: isoOrNull(message.decidedAt),
      })),
      photoHashes: photos.map((photo) => ({
        productId: photo.productId,
        views: photo.views.map(String),
        createdAt: iso(photo.createdAt),
      })),
      emailVerifications: verifications.map((sent) => ({
        email: sent.email,
        createdAt: iso(sent.createdAt),
        expiresAt: iso(sent.expiresAt),
        usedAt: isoOrNull(sent.usedAt),
      })),
      moderation: moderation.map((entry) => ({ ...entry, createdAt: iso(entry.createdAt) })),
      notifications: entries.map((entry) => ({
        ...entry,
        type: entry.type as NotificationType,
        createdAt: iso(entry.createdAt),
        updatedAt: iso(entry.updatedAt),
        readAt: isoOrNull(entry.readAt),
      })),
      savedSearches: kept.map((search) => ({
        ...search,
        createdAt: iso(search.createdAt),
        seenAt: iso(search.seenAt),
        matches: search.matches.map((match) => ({
          productId: match.productId,
          matchedAt: iso(match.matchedAt),
        })),
      })),
      deals,
      ratingReports,
      notificationPreferences,
      pushSubscriptions: subscriptions.map((subscription) => ({
        ...subscription,
        createdAt: iso(subscription.createdAt),
        lastSuccessAt: isoOrNull(subscription.lastSuccessAt),
      })),
    };
  }

  return {
    exportData,

    /** The export as a ZIP with the photos the person uploaded (account-archive.ts), streamed. */
    async exportArchive(userId: number) {
      const data = await exportData(userId);
      const listingPhotos = await repo.photosOfListingsOf(db, userId);
      const ownKey = (url: string | null) => (url === null ? [] : [profilePhotoKey(store, url) ?? []].flat());
      const photos = archivedPhotos({
        listingPhotos,
        profile: ownKey(data.profile.profilePhotoUrl),
        cover: ownKey(data.profile.coverPhotoUrl),
      });
      return { data, archive: accountArchive(data, photos, store, log) };
    },

    /** The person deletes their own account; the password is checked as at login, so a left-open tab is not enough. */
    async deleteOwn(userId: number, password: string): Promise<void> {
      const account = await repo.findAccount(db, userId);
      const valid = account
        ? await verifyPassword(account.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!account) throw new HttpError(401, messages.common.loginRequired);
      if (!valid) throw new HttpError(400, D.wrongPassword, { password: D.wrongPassword });
      await deleteAccount(userId, async () => {});
    },

    /** Staff delete someone's account: as a ban, staff accounts only by an admin, admins never, oneself never. */
    async deleteByStaff(actor: AuthUser, userId: number, reason: string): Promise<void> {
      await deleteAccount(userId, async (tx, target) => {
        if (target.id === actor.id) throw new HttpError(403, D.cannotDeleteSelf);
        if (target.role === 'admin' || (target.role === 'staff' && actor.role !== 'admin')) {
          throw new HttpError(403, D.cannotDeleteStaff);
        }
        // The entry loses its target with the account (ON DELETE SET NULL): the reason keeps whom it was about.
        await recordAction(tx, {
          actorId: actor.id,
          action: 'delete-account',
          targetUserId: userId,
          reason: `@${target.username} (#${target.id}): ${reason}`,
        });
      });
    },
  };
}
