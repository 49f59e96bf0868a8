import { rejectedCount } from '../message/held-messages.repository.js';
import { reportedReviews } from '../deal/review.repository.js';
import {
  fillText,
  messages,
  type ModerationAction,
  type ModerationLogEntry,
  type StaffListing,
  type StaffReportedProduct,
  type StaffReportedReview,
  type StaffTicket,
  type StaffTicketDetail,
  type StaffUserDetail,
  type StaffUserSummary,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError } from '../../lib/http-error.js';
import { revokeUserSessions } from '../account/account.repository.js';
import type { AuthUser } from '../account/session.service.js';
import { imagesOf } from '../product/product.cards.js';
import type { ImageAddresses } from '../product/product.presenter.js';
import { toTicket } from '../support/support.presenter.js';
import * as support from '../support/support.repository.js';
import type { SupportService } from '../support/support.service.js';
import { searchReport } from '../marketplace/search/search-report.js';
import { moderationLogPage, recordAction } from './moderation-log.repository.js';
import * as repo from './staff.repository.js';
import { lockRaterAndRated } from '../deal/review.repository.js';

const T = messages.staff;
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const money = (value: number | string) => Math.round(Number(value) * 100) / 100;

interface Paging {
  page: number;
  pageSize: number;
}

export interface StaffServiceOptions {
  db: Database;
  store: ImageAddresses;
  support: SupportService;
  /** Told after a role change (user.roleChanged) commits: live connections re-read what the person may see. */
  events: EventBus;
  /**
   * Records hides (product.visibilityChanged), bans (session.ended) and unbans (user.unbanned) in their
   * transaction: saved-search alerts and the ban's push clean-up follow as processors, and hub delivery ends the
   * person's connections after the commit.
   */
  durable: DurableEvents;
}

type UserSummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findUserSummary>>>;

export function toUserSummary(row: UserSummaryRow): StaffUserSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    bannedAt: iso(row.bannedAt),
    banReason: row.banReason,
  };
}

function toStaffTicket(row: support.TicketRow, entry?: repo.QueueEntry): StaffTicket {
  return {
    ...toTicket(row),
    unreadCount: entry?.unreadCount ?? 0,
    hasUnread: (entry?.unreadCount ?? 0) > 0,
    waitingSince: iso(entry?.waitingSince ?? null),
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessage: entry?.lastMessage ?? '',
    lastMessageSentByUser: entry?.lastMessageSentByUser ?? true,
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy,
  };
}

const roleChangeRefusal = (
  target: { role: string; bannedAt: Date | null },
  grant: boolean,
): string | null => {
  if (target.role === 'admin') return T.adminRoleFixed;
  if (grant && target.role === 'staff') return T.alreadyStaff;
  if (!grant && target.role === 'user') return T.notStaff;
  if (grant && target.bannedAt) return T.bannedCannotBeStaff;
  return null;
};

/**
 * Makes someone support staff or takes it back, recording who did it. `actorId` is null for the admin command.
 * Answers a refusal text (unknown person, admin, already so) instead of changing anything.
 */
export async function changeStaffRole(
  db: Database,
  actorId: number | null,
  userId: number,
  grant: boolean,
  reason?: string,
): Promise<{ ok: true; username: string } | { ok: false; status: number; message: string }> {
  return withTransaction(db, async (tx) => {
    const target = await repo.lockUser(tx, userId);
    if (!target) return { ok: false, status: 404, message: T.userNotFound };
    const refusal = roleChangeRefusal(target, grant);
    if (refusal) return { ok: false, status: 409, message: refusal };
    await repo.setRole(tx, userId, grant ? 'staff' : 'user');
    await recordAction(tx, {
      actorId,
      action: grant ? 'grant-staff' : 'revoke-staff',
      targetUserId: userId,
      reason,
    });
    return { ok: true, username: target.username };
  });
}

export type StaffService = ReturnType<typeof createStaffService>;

/** The staff console's rules. Routes check the role first (staff.guard.ts); every action is logged in its transaction. */
export function createStaffService(options: StaffServiceOptions) {
  const { db, store } = options;

  async function mainImages(ids: number[]): Promise<Map<number, string | null>> {
    const images = await imagesOf(db, ids);
    return new Map(
      ids.map((id) => [id, images.get(id)?.[0] ? store.url(images.get(id)![0]!.thumbKey) : null]),
    );
  }

  async function userOrThrow(userId: number): Promise<UserSummaryRow> {
    const row = await repo.findUserSummary(db, userId);
    if (!row) throw new HttpError(404, T.userNotFound);
    return row;
  }

  async function productState(productId: number) {
    const [card] = await repo.listingsById(db, [productId]);
    const [reasons, open] = await Promise.all([
      repo.hiddenReasons(db, [productId]),
      repo.openReportCounts(db, [productId]),
    ]);
    return {
      productId,
      hiddenAt: iso(card?.hiddenAt ?? null),
      hiddenReason: reasons.get(productId) ?? null,
      openReports: open.get(productId) ?? 0,
    };
  }

  /** Locks the listing, runs the change and its log entry in one transaction. */
  async function moderateListing(
    actor: AuthUser,
    productId: number,
    action: ModerationAction,
    change: (tx: repo.Db, product: { sellerId: number; hiddenAt: Date | null }) => Promise<void>,
    reason?: string,
  ) {
    await options.durable.transaction(async (tx, record) => {
      const product = await repo.lockProduct(tx, productId);
      if (!product) throw new HttpError(404, T.productNotFound);
      await change(tx, product);
      await recordAction(tx, {
        actorId: actor.id,
        action,
        targetProductId: productId,
        targetUserId: product.sellerId,
        reason,
      });
      if (action === 'hide-listing' || action === 'unhide-listing') {
        const hidden = action === 'hide-listing';
        await record('product.visibilityChanged', { productId, sellerId: product.sellerId, hidden });
      }
    });
    return productState(productId);
  }

  return {
    async tickets(filter: Paging & { status: 'all' | 'open' | 'closed' }) {
      const { entries, total } = await repo.ticketQueue(db, filter);
      const rows = await Promise.all(entries.map((entry) => support.findTicket(db, entry.id)));
      const data = entries.flatMap((entry, index) => {
        const row = rows[index];
        return row ? [toStaffTicket(row, entry)] : [];
      });
      return { data, page: filter.page, pageSize: filter.pageSize, total };
    },

    async ticket(actor: AuthUser, ticketId: number): Promise<StaffTicketDetail> {
      const { row, messages: history } = await options.support.ticketForStaff(actor, ticketId);
      const [entry] = (await repo.ticketQueue(db, { status: 'all', page: 1, pageSize: 1, ticketId })).entries;
      return {
        ticket: toStaffTicket(row, entry),
        user: toUserSummary(await userOrThrow(row.userId)),
        messages: history,
      };
    },

    async reports(filter: Paging & { status: 'open' | 'all' }): Promise<{
      data: StaffReportedProduct[];
      reviewReports: StaffReportedReview[];
      page: number;
      pageSize: number;
      total: number;
    }> {
      const { entries, total } = await repo.reportedProducts(db, filter);
      const ids = entries.map((entry) => entry.productId);
      const [cards, reasons, reports, images] = await Promise.all([
        repo.listingsById(db, ids),
        repo.hiddenReasons(db, ids),
        repo.reportsOf(db, ids),
        mainImages(ids),
      ]);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const data = entries.flatMap((entry) => {
        const card = byId.get(entry.productId);
        if (!card) return [];
        return [
          {
            productId: card.id,
            title: card.title,
            price: money(card.price),
            mainImage: images.get(card.id) ?? null,
            isSold: card.isSold,
            sellerId: card.sellerId,
            sellerName: card.userName,
            sellerBanned: card.sellerBannedAt !== null,
            hiddenAt: iso(card.hiddenAt),
            hiddenReason: reasons.get(card.id) ?? null,
            openReports: entry.openReports,
            totalReports: entry.totalReports,
            lastReportedAt: entry.lastReportedAt.toISOString(),
            reports: reports
              .filter((report) => report.productId === card.id)
              .slice(0, repo.REPORTS_PER_LISTING)
              .map(({ productId: _p, productTitle: _t, ...report }) => ({
                ...report,
                createdAt: report.createdAt.toISOString(),
              })),
          },
        ];
      });
      const reviewReports =
        filter.page === 1 ? await reportedReviews(db, filter.status, messages.chat.deletedUser) : [];
      return { data, reviewReports, page: filter.page, pageSize: filter.pageSize, total };
    },

    /** Hidden from every list and page but the owner's and staff's; its open reports count as handled. */
    hideListing: (actor: AuthUser, productId: number, reason: string) =>
      moderateListing(
        actor,
        productId,
        'hide-listing',
        async (tx) => {
          await repo.setHidden(tx, productId, reason);
          await repo.closeOpenReports(tx, productId, 'reviewed');
        },
        reason,
      ),

    unhideListing: (actor: AuthUser, productId: number, reason?: string) =>
      moderateListing(
        actor,
        productId,
        'unhide-listing',
        async (tx, product) => {
          if (!product.hiddenAt) throw new HttpError(409, T.listingNotHidden);
          await repo.setHidden(tx, productId, null);
        },
        reason,
      ),

    dismissReports: (actor: AuthUser, productId: number, reason?: string) =>
      moderateListing(
        actor,
        productId,
        'dismiss-reports',
        async (tx) => {
          if ((await repo.closeOpenReports(tx, productId, 'dismissed')) === 0) {
            throw new HttpError(409, T.noOpenReports);
          }
        },
        reason,
      ),

    async users(filter: Paging & { query: string }) {
      const { rows, total } = await repo.searchUsers(db, filter);
      return { data: rows.map(toUserSummary), page: filter.page, pageSize: filter.pageSize, total };
    },

    async user(userId: number): Promise<StaffUserDetail> {
      const person = await userOrThrow(userId);
      const [cards, reports, tickets, garageSales, rejectedMessages] = await Promise.all([
        repo.listingsOf(db, userId),
        repo.reportsAgainst(db, userId),
        support.ticketsOf(db, userId, repo.USER_DETAIL_LIMIT),
        repo.currentGarageSaleCount(db, userId),
        rejectedCount(db, userId),
      ]);
      const ids = cards.map((card) => card.id);
      const [reasons, open, images] = await Promise.all([
        repo.hiddenReasons(db, ids),
        repo.openReportCounts(db, ids),
        mainImages(ids),
      ]);
      const listings: StaffListing[] = cards.map((card) => ({
        id: card.id,
        title: card.title,
        price: money(card.price),
        mainImage: images.get(card.id) ?? null,
        isSold: card.isSold,
        createdAt: card.createdAt.toISOString(),
        hiddenAt: iso(card.hiddenAt),
        hiddenReason: reasons.get(card.id) ?? null,
        openReports: open.get(card.id) ?? 0,
      }));
      return {
        user: { ...toUserSummary(person), address: person.address },
        listings,
        reports: reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
        tickets: tickets.map((row) => ({
          ...toTicket(row),
          closedAt: iso(row.closedAt),
          lastMessageAt: row.lastMessageAt.toISOString(),
        })),
        garageSales,
        rejectedMessages,
      };
    },

    /**
     * Bans a person: their sessions end at once, login is refused with the suspension text, and their listings
     * and garage sales leave public lists (the queries skip banned sellers). Staff cannot ban staff; nobody bans
     * an admin or themselves.
     */
    async ban(actor: AuthUser, userId: number, reason: string): Promise<StaffUserSummary> {
      await options.durable.transaction(async (tx, record) => {
        await lockRaterAndRated(tx, userId);
        const target = await repo.lockUser(tx, userId);
        if (!target) throw new HttpError(404, T.userNotFound);
        if (target.id === actor.id) throw new HttpError(403, T.cannotBanSelf);
        if (target.role === 'admin' || (target.role === 'staff' && actor.role !== 'admin')) {
          throw new HttpError(403, T.cannotBanStaff);
        }
        if (target.bannedAt) throw new HttpError(409, T.alreadyBanned);
        await repo.setBan(tx, userId, reason);
        await revokeUserSessions(tx, userId, new Date());
        await recordAction(tx, { actorId: actor.id, action: 'ban-user', targetUserId: userId, reason });
        await record('session.ended', { userId, reason: 'ban' });
      });
      return toUserSummary(await userOrThrow(userId));
    },

    async unban(actor: AuthUser, userId: number, reason?: string): Promise<StaffUserSummary> {
      await options.durable.transaction(async (tx, record) => {
        await lockRaterAndRated(tx, userId);
        const target = await repo.lockUser(tx, userId);
        if (!target) throw new HttpError(404, T.userNotFound);
        if (!target.bannedAt) throw new HttpError(409, T.notBanned);
        await repo.setBan(tx, userId, null);
        await recordAction(tx, { actorId: actor.id, action: 'unban-user', targetUserId: userId, reason });
        await record('user.unbanned', { userId });
      });
      return toUserSummary(await userOrThrow(userId));
    },

    /** Admin only (the route checks): answers the confirmation text and the person as they are now. */
    async setStaff(actor: AuthUser, userId: number, grant: boolean, reason?: string) {
      const result = await changeStaffRole(db, actor.id, userId, grant, reason);
      if (!result.ok) throw new HttpError(result.status, result.message);
      await options.events.emit('user.roleChanged', { userId, role: grant ? 'staff' : 'user' });
      return {
        message: fillText(grant ? T.staffGranted : T.staffRevoked, { username: result.username }),
        data: toUserSummary(await userOrThrow(userId)),
      };
    },

    /** The zero-result report (docs/product.md, "Search"). */
    searchReport: () => searchReport(db),

    async moderationLog(paging: Paging): Promise<{
      data: ModerationLogEntry[];
      page: number;
      pageSize: number;
      total: number;
    }> {
      const { rows, total } = await moderationLogPage(db, paging.page, paging.pageSize);
      const data = rows.map((row) => ({
        id: row.id,
        action: row.action,
        actor:
          row.actorId !== null && row.actorName !== null
            ? { id: row.actorId, username: row.actorName }
            : null,
        targetUser:
          row.targetUserId !== null && row.targetUserName !== null
            ? { id: row.targetUserId, username: row.targetUserName }
            : null,
        targetProduct:
          row.targetProductId !== null && row.targetProductTitle !== null
            ? { id: row.targetProductId, title: row.targetProductTitle }
            : null,
        targetTicketId: row.targetTicketId,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      }));
      return { data, page: paging.page, pageSize: paging.pageSize, total };
    },
  };
}
