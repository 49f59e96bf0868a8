/**
 * What reaches people about what happened while they looked elsewhere (docs/product.md §10), as durable event
 * processors (events/durable.ts): each makes its entries, pushes and e-mails in its own transaction, once per event.
 *
 * - Answers to a person become entries of their centre: every chat message for its receiver, online or not (only
 *   push and e-mail depend on presence), and every staff answer on a support ticket for its owner. Reading or
 *   clearing the chat or the ticket reads the entry.
 * - Followers hear of a seller's new listing (told with the saved-search alerts, saved-search.processors.ts); a
 *   seller hears of likes on theirs, gathered into one unread entry per listing and hour ("3 people liked …") so a
 *   popular listing does not flood the bell.
 * - Reservations (§12): the buyer and the seller each hear when a hold is made, released or runs out. What the
 *   seller did themselves is kept in their list as read. A hold ended by the sale tells nobody: the sale is the news.
 * - Offers (§18): the person an offer was made to hears of it (a counter-offer too), and its maker hears when it was
 *   accepted or declined; one unread entry per chat's offers. A withdrawn or expired offer, and one below the
 *   seller's lowest, tell nobody.
 * - Every unread entry goes out by push to a person who is away, and by e-mail for the types that are e-mailed.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, formatPrice, messages, type Offer } from '@rummage/contract';
import type { Executor } from '../../db/client.js';
import { follows, products } from '../../db/schema.js';
import { processor, type EventProcessor } from '../../events/durable.js';
import type { NotificationCentre, Writing } from './centre.service.js';
import type { NotificationEmail } from './email/notification-email.js';
import { nameInNotices } from './names.js';
import type { PushService } from './push.service.js';

const N = messages.notifications;
const HOUR_MS = 3_600_000;

/** One unread entry per chat, seen from the receiver: the listing and the other person. */
export const chatGroupKey = (productId: number, otherUserId: number) => `chat:${productId}:${otherUserId}`;
export const supportGroupKey = (ticketId: number) => `support:${ticketId}`;
/** One unread entry per chat's offers, seen from the receiver: the listing and the other person. */
export const offerGroupKey = (productId: number, otherUserId: number) => `offer:${productId}:${otherUserId}`;
/** Likes of one listing within one clock hour gather into one entry. */
export const likeGroupKey = (productId: number, at: Date) =>
  `like:${productId}:${Math.floor(at.getTime() / HOUR_MS)}`;
/**
 * The order one person's entries change in (the processors' `inOrderOf`): a chat's second message is told after
 * its first, and reading the chat after both, whichever process takes which job when.
 */
export const entriesOf = (userId: number) => `entries:${userId}`;
/** A listing's holds are told in the order they were made and ended, to both sides. */
const holdsOf = (productId: number) => `holds:${productId}`;
/** The offer's news goes to one side: the maker when it was answered, the other side while it is pending. */
const readerOfOffer = (offer: Offer) =>
  offer.status === 'accepted' || offer.status === 'declined'
    ? offer.fromUserId
    : offer.fromUserId === offer.buyerId
      ? offer.sellerId
      : offer.buyerId;
/** The server does not know the reader's time zone: the hold's end is given in UTC, to the minute. */
export const untilText = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface NewListing {
  productId: number;
  sellerId: number;
  title: string;
}

/**
 * The group of every entry about a new listing, a followed seller's or a saved search's match: one listing makes
 * one entry per person, whichever of them tells first (docs/product.md §10, §14).
 */
export const listingNewsGroupKey = (productId: number) => `listed:${productId}`;
/** The listing a `listingNewsGroupKey` names, or null for any other group. */
export function listingOfNewsGroupKey(groupKey: string | null): number | null {
  const id = /^listed:(\d+)$/.exec(groupKey ?? '')?.[1];
  return id === undefined ? null : Number(id);
}

/**
 * Tells every follower of the seller, in one statement; each hears of a listing once however often it runs, and
 * not at all when a saved search already told them of it. It runs after the saved-search alerts, in the same job
 * (saved-search.processors.ts), so a follower whose search matches reads "New match for …" alone.
 */
export async function tellFollowers(w: Writing, centre: NotificationCentre, listing: NewListing) {
  const followers = await w.tx
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, listing.sellerId));
  if (followers.length === 0) return 0;
  return centre.notifyEachOnce(
    w,
    followers.map((row) => row.id),
    {
      type: NOTIFICATION_TYPES.follow,
      title: fillText(N.followTitle, { name: await nameInNotices(w.tx, listing.sellerId) }),
      body: listing.title,
      link: ROUTES.productDetail(listing.productId),
      groupKey: listingNewsGroupKey(listing.productId),
      // A follower who since blocked the seller no longer hears of their listings.
      actorId: listing.sellerId,
    },
  );
}

async function titleOf(db: Executor, productId: number): Promise<string | undefined> {
  const [row] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return row?.title;
}

export interface NotificationProcessorParts {
  centre: NotificationCentre;
  push: PushService;
  email: NotificationEmail;
  /** The installation's currency: an offer's amount is stored in English in it, said in each reader's language. */
  currency?: string;
  now?: () => Date;
}

export function notificationProcessors(parts: NotificationProcessorParts): EventProcessor[] {
  const { centre, push, email } = parts;
  const now = parts.now ?? (() => new Date());

  /**
   * One side's entry about a listing's hold, opening their chat with the other side. Each side's entries for one
   * listing gather into one (a re-reserve replaces the older text). `byOther`: the other side did it (the seller
   * is its actor); `ownAction`: this side did it themselves (kept read).
   */
  const tellOfHold = (
    w: Writing,
    hold: { productId: number; to: number; other: number },
    texts: { title: string; body: string },
    how: { byOther?: boolean; ownAction?: boolean },
  ) =>
    centre.notify(w, hold.to, {
      type: NOTIFICATION_TYPES.reservation,
      ...texts,
      link: ROUTES.chat(hold.other, hold.productId),
      groupKey: `reservation:${hold.productId}`,
      ...(how.byOther && { actorId: hold.other }),
      ...(how.ownAction && { ownAction: true, namedId: hold.other }),
    });

  /**
   * An offer's news for the one side it concerns (docs/product.md §18): a new offer to the person it was made to,
   * an acceptance or a refusal to its maker. Countered, withdrawn and expired tell nobody (a counter is told as the
   * new offer it makes).
   */
  async function tellOfOffer(w: Writing, offer: Offer): Promise<void> {
    const { productId, buyerId, sellerId, fromUserId } = offer;
    const answered = offer.status === 'accepted' || offer.status === 'declined';
    if (offer.status !== 'pending' && !answered) return;
    const maker = fromUserId;
    // A new offer goes to the person it was made to; an answer comes from them, to its maker.
    const to = readerOfOffer(offer);
    const actor = to === buyerId ? sellerId : buyerId;
    const title = await titleOf(w.tx, productId);
    if (title === undefined) return;
    const name = await nameInNotices(w.tx, actor);
    const amount = formatPrice(offer.amount, 'en', parts.currency);
    const texts =
      offer.status === 'pending'
        ? {
            title: fillText(maker === sellerId ? N.offerCounteredTitle : N.offerReceivedTitle, {
              name,
              amount,
              title,
            }),
            body: N.offerReceivedBody,
          }
        : offer.status === 'accepted'
          ? {
              title: fillText(N.offerAcceptedTitle, { name, amount, title }),
              body:
                to === buyerId
                  ? N.offerAcceptedBodyBuyer
                  : fillText(N.offerAcceptedBodySeller, { name: await nameInNotices(w.tx, buyerId) }),
            }
          : { title: fillText(N.offerDeclinedTitle, { name, amount, title }), body: N.offerDeclinedBody };
    await centre.notify(w, to, {
      type: NOTIFICATION_TYPES.offer,
      ...texts,
      link: ROUTES.chat(actor, productId),
      groupKey: offerGroupKey(productId, actor),
      // Someone the person blocked tells them nothing (docs/product.md §11).
      actorId: actor,
    });
  }

  const names = (w: Writing, sellerId: number, buyerId: number) =>
    Promise.all([nameInNotices(w.tx, sellerId), nameInNotices(w.tx, buyerId)]);

  return [
    processor({
      event: 'chat.messageSent',
      name: 'notifications.chatMessage',
      inOrderOf: ({ receiverId }) => entriesOf(receiverId),
      handle: async ({ message, productId, senderId, receiverId }, w) => {
        await centre.notify(w, receiverId, {
          type: NOTIFICATION_TYPES.message,
          title: fillText(N.messageTitle, { name: message.userName }),
          body: message.text,
          link: ROUTES.chat(senderId, productId),
          groupKey: chatGroupKey(productId, senderId),
          actorId: senderId,
        });
      },
    }),
    // Clearing a chat is done with it too: its entries (messages, offers) should not stay unread in the bell.
    ...(['chat.read', 'chat.deleted'] as const).map((event) =>
      processor({
        event,
        name: event === 'chat.read' ? 'notifications.chatRead' : 'notifications.chatCleared',
        inOrderOf: ({ userId }) => entriesOf(userId),
        handle: async ({ userId, productId, otherUserId }, w) => {
          await centre.readWhere(w, userId, { groupKey: chatGroupKey(productId, otherUserId) });
          await centre.readWhere(w, userId, { groupKey: offerGroupKey(productId, otherUserId) });
        },
      }),
    ),
    processor({
      event: 'offer.changed',
      name: 'notifications.offer',
      inOrderOf: ({ offer }) => entriesOf(readerOfOffer(offer)),
      handle: async ({ offer }, w) => tellOfOffer(w, offer),
    }),
    processor({
      event: 'support.messageSent',
      name: 'notifications.supportAnswer',
      inOrderOf: ({ ownerId }) => entriesOf(ownerId),
      handle: async ({ message, ticketId, ownerId, byStaff }, w) => {
        if (!byStaff) return;
        await centre.notify(w, ownerId, {
          type: NOTIFICATION_TYPES.support,
          title: N.supportTitle,
          body: message.content,
          link: ROUTES.support,
          groupKey: supportGroupKey(ticketId),
        });
      },
    }),
    processor({
      event: 'support.read',
      name: 'notifications.supportRead',
      inOrderOf: ({ userId }) => entriesOf(userId),
      handle: async ({ userId, ticketId }, w) => {
        await centre.readWhere(w, userId, { groupKey: supportGroupKey(ticketId) });
      },
    }),
    processor({
      event: 'product.liked',
      name: 'notifications.like',
      handle: async ({ productId, sellerId, likerId }, w) => {
        if (likerId === sellerId) return;
        const title = await titleOf(w.tx, productId);
        if (title === undefined) return;
        const name = await nameInNotices(w.tx, likerId);
        await centre.notify(w, sellerId, {
          type: NOTIFICATION_TYPES.like,
          title: (count) =>
            count === 1
              ? fillText(N.likeTitleOne, { name, title })
              : fillText(N.likeTitleMany, { count, title }),
          body: N.likeBody,
          link: ROUTES.productDetail(productId),
          groupKey: likeGroupKey(productId, now()),
          // A like by someone the seller blocked tells them nothing (docs/product.md §11).
          actorId: likerId,
        });
      },
    }),
    processor({
      event: 'product.reserved',
      name: 'notifications.reserved',
      inOrderOf: ({ productId }) => holdsOf(productId),
      handle: async ({ productId, sellerId, buyerId, until, offerId }, w) => {
        // An accepted offer's hold: its maker reads "accepted … reserved" (tellOfOffer), and the one who accepted
        // did it themselves. A second entry for the same step was one too many.
        if (offerId !== undefined) return;
        const title = await titleOf(w.tx, productId);
        if (title === undefined) return;
        const [seller, buyer] = await names(w, sellerId, buyerId);
        const body = fillText(N.reservedBody, { until: untilText(new Date(until)) });
        await tellOfHold(
          w,
          { productId, to: buyerId, other: sellerId },
          { title: fillText(N.reservedTitleBuyer, { name: seller, title }), body },
          { byOther: true },
        );
        await tellOfHold(
          w,
          { productId, to: sellerId, other: buyerId },
          { title: fillText(N.reservedTitleSeller, { name: buyer, title }), body },
          { ownAction: true },
        );
      },
    }),
    processor({
      event: 'product.reservationEnded',
      name: 'notifications.reservationEnded',
      inOrderOf: ({ productId }) => holdsOf(productId),
      handle: async ({ productId, sellerId, buyerId, reason }, w) => {
        if (reason === 'sold') return;
        const title = await titleOf(w.tx, productId);
        if (title === undefined) return;
        const body = N.endedBody;
        const toBuyer = { productId, to: buyerId, other: sellerId };
        const toSeller = { productId, to: sellerId, other: buyerId };
        if (reason === 'lapsed') {
          const lapsed = { title: fillText(N.lapsedTitle, { title }), body };
          await tellOfHold(w, toBuyer, lapsed, {});
          await tellOfHold(w, toSeller, lapsed, {});
          return;
        }
        const [seller, buyer] = await names(w, sellerId, buyerId);
        await tellOfHold(
          w,
          toBuyer,
          { title: fillText(N.releasedTitleBuyer, { name: seller, title }), body },
          { byOther: true },
        );
        await tellOfHold(
          w,
          toSeller,
          { title: fillText(N.releasedTitleSeller, { name: buyer, title }), body },
          { ownAction: true },
        );
      },
    }),
    // Push and e-mail are jobs of their own (a push service or a mail server may be slow); enqueueing them is a
    // statement or two, so it happens in the transaction that made the entry.
    processor({
      event: 'notification.created',
      name: 'push.notice',
      inTransaction: true,
      handle: async (event, w) => push.notify(event, w),
    }),
    processor({
      event: 'session.ended',
      name: 'push.forgetBrowsers',
      inTransaction: true,
      handle: async (event, w) => push.sessionEnded(event, w.tx),
    }),
    processor({
      event: 'notification.created',
      name: 'email.notice',
      inTransaction: true,
      handle: async (event, w) => email.noticeCreated(event, w),
    }),
    processor({
      event: 'chat.messageSent',
      name: 'email.chatMessage',
      inTransaction: true,
      handle: async (event, w) => email.chatMessageSent(event, w),
    }),
    processor({
      event: 'support.messageSent',
      name: 'email.supportAnswer',
      inTransaction: true,
      handle: async (event, w) => email.supportMessageSent(event, w),
    }),
  ];
}
