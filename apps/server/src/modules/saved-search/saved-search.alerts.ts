/**
 * Instant alerts for saved searches (docs/product.md §14): when a listing becomes visible — listed, available
 * again, unhidden by staff, or shown again by its seller's unban — one job matches it against every saved search
 * and tells each new match's owner through the notification centre (push and e-mail follow the `savedSearches`
 * preference from there).
 */
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import type { JobQueue } from '../../jobs/queue/queue.js';
import type { NotificationCentre } from '../notification/centre.service.js';
import { listingsForSaleOf, recordMatches, type NewMatch } from './saved-search.repository.js';

const N = messages.notifications;

export const SAVED_SEARCH_MATCHING = 'savedSearches.match';

interface ListingShown {
  productId: number;
}

/** What the alert is "for": the saved words, else the place, else a plain fallback. */
const alertTitle = (match: NewMatch) =>
  fillText(N.savedSearchTitle, { search: match.search ?? match.placeLabel ?? N.savedSearchUnnamed });

/**
 * Records the listing's new matches and their alerts in one transaction, then tells the bus. Answers how many were
 * told. A job that dies before the commit leaves no pair behind, so its retry alerts them; one that dies after it
 * has made the entries (the bell shows them). A person whose several searches match one listing hears of it once
 * (one entry per listing and person, the group key).
 */
export async function alertSavedSearches(db: Database, centre: NotificationCentre, productId: number) {
  const entries = await withTransaction(db, async (tx) => {
    const matches = await recordMatches(tx, productId);
    const byTitle = new Map<string, { userIds: number[]; body: string }>();
    for (const match of matches) {
      const title = alertTitle(match);
      const entry = byTitle.get(title) ?? { userIds: [], body: match.title };
      entry.userIds.push(match.userId);
      byTitle.set(title, entry);
    }
    const made = [];
    for (const [title, { userIds, body }] of byTitle) {
      made.push(
        ...(await centre.recordEachOnce(tx, userIds, {
          type: NOTIFICATION_TYPES.savedSearch,
          title,
          body,
          link: ROUTES.productDetail(productId),
          groupKey: `savedSearch:${productId}`,
        })),
      );
    }
    return made;
  });
  return centre.announce(entries);
}

/**
 * Each time a listing becomes visible, one job on the durable queue: the seller's answer does not wait for the
 * matching, and a process that dies leaves the job to another. The key names the listing, the event and the
 * moment, so one event enqueued twice runs once, while a listing that comes back later is matched again (saved
 * searches made meanwhile may match it; pairs matched before stay matched once).
 */
export function alertSavedSearchMatches(
  events: EventBus,
  centre: NotificationCentre,
  db: Database,
  queue: JobQueue,
  now: () => Date = () => new Date(),
): void {
  queue.define<ListingShown>({
    name: SAVED_SEARCH_MATCHING,
    handler: async ({ productId }) => void (await alertSavedSearches(db, centre, productId)),
  });
  // A listing is listed once; it may become available or be unhidden many times, each a moment of its own.
  const match = (productId: number, event: string, repeats = true) =>
    queue.enqueue(
      SAVED_SEARCH_MATCHING,
      { productId },
      {
        idempotencyKey: `${SAVED_SEARCH_MATCHING}:${productId}:${event}${repeats ? `:${now().getTime()}` : ''}`,
      },
    );
  events.on('product.listed', async ({ productId }) => void (await match(productId, 'listed', false)));
  events.on('product.soldChanged', async ({ productId, isSold }) => {
    if (!isSold) await match(productId, 'available');
  });
  events.on('product.visibilityChanged', async ({ productId, hidden }) => {
    if (!hidden) await match(productId, 'unhidden');
  });
  // A suspension hid every listing of the seller at once (the feed skips banned sellers), so lifting it shows each
  // again; one listed during the suspension was matched then against nothing, and is matched now for the first time.
  events.on('user.unbanned', async ({ userId }) => {
    for (const productId of await listingsForSaleOf(db, userId)) await match(productId, 'unbanned');
  });
}
