/**
 * Instant alerts for saved searches (docs/product.md §14): when a listing becomes visible — listed, available
 * again, unhidden by staff, or shown again by its seller's unban — a processor matches it against every saved search
 * and tells each new match's owner through the notification centre (push and e-mail follow the `savedSearches`
 * preference from there).
 */
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import { processor, type EventProcessor } from '../../events/durable.js';
import type { NotificationCentre, Writing } from '../notification/centre.service.js';
import {
  listingNewsGroupKey,
  listingOfNewsGroupKey,
  tellFollowers,
} from '../notification/notification.processors.js';
import {
  listingsForSaleOf,
  markSeenForListings,
  recordMatches,
  type NewMatch,
} from './saved-search.repository.js';

const N = messages.notifications;

/** What the alert is "for": the saved words, else the place, else a plain fallback. */
const alertTitle = (match: NewMatch) =>
  fillText(N.savedSearchTitle, { search: match.search ?? match.placeLabel ?? N.savedSearchUnnamed });

/**
 * Records the listing's new matches and their alerts in `w`'s transaction, with the processor's record that it
 * ran: a job that dies before the commit leaves no pair behind, so its retry alerts them; one that dies after it
 * has made the entries (the bell shows them). A person whose several searches match one listing hears of it once
 * (one entry per listing and person, the group key, shared with a followed seller's "listed something new").
 * Answers how many were told.
 */
export async function alertSavedSearches(w: Writing, centre: NotificationCentre, productId: number) {
  const matches = await recordMatches(w.tx, productId);
  const byTitle = new Map<string, { userIds: number[]; body: string }>();
  for (const match of matches) {
    const title = alertTitle(match);
    const entry = byTitle.get(title) ?? { userIds: [], body: match.title };
    entry.userIds.push(match.userId);
    byTitle.set(title, entry);
  }
  let told = 0;
  for (const [title, { userIds, body }] of byTitle) {
    told += await centre.notifyEachOnce(w, userIds, {
      type: NOTIFICATION_TYPES.savedSearch,
      title,
      body,
      link: ROUTES.productDetail(productId),
      groupKey: listingNewsGroupKey(productId),
    });
  }
  return told;
}

/**
 * Each time a listing becomes visible, its matching runs as a job of its own: the seller's answer does not wait
 * for it, and a process that dies leaves it to another. A listing that comes back later is matched again (saved
 * searches made meanwhile may match it; pairs matched before stay matched once).
 */
export function savedSearchProcessors(centre: NotificationCentre): EventProcessor[] {
  const match = (w: Writing, productId: number) => alertSavedSearches(w, centre, productId);
  return [
    // A new listing's news in one job, so the seller's "list it" answer does not wait for it: the saved searches'
    // alerts first, then the seller's followers not told yet. A follower whose search matches gets one entry.
    processor({
      event: 'product.listed',
      name: 'savedSearches.listed',
      handle: async (listing, w) => {
        await match(w, listing.productId);
        await tellFollowers(w, centre, listing);
      },
    }),
    processor({
      event: 'product.soldChanged',
      name: 'savedSearches.availableAgain',
      handle: async ({ productId, isSold }, w) => void (isSold || (await match(w, productId))),
    }),
    processor({
      event: 'product.visibilityChanged',
      name: 'savedSearches.unhidden',
      handle: async ({ productId, hidden }, w) => void (hidden || (await match(w, productId))),
    }),
    // Opening an alert is seeing its match: the searches that matched the listing are marked seen, in the
    // transaction that read the entry, so /saved-searches shows it at once.
    processor({
      event: 'notification.opened',
      name: 'savedSearches.alertOpened',
      inTransaction: true,
      handle: async ({ userId, entries }, w) => {
        const productIds = entries
          .filter((entry) => entry.type === NOTIFICATION_TYPES.savedSearch)
          .map((entry) => listingOfNewsGroupKey(entry.groupKey))
          .filter((id) => id !== null);
        await markSeenForListings(w.tx, userId, productIds);
      },
    }),
    // A suspension hid every listing of the seller at once (the feed skips banned sellers), so lifting it shows
    // each again; one listed during the suspension was matched then against nothing, and is matched now first.
    processor({
      event: 'user.unbanned',
      name: 'savedSearches.sellerUnbanned',
      handle: async ({ userId }, w) => {
        for (const productId of await listingsForSaleOf(w.tx, userId)) await match(w, productId);
      },
    }),
  ];
}
