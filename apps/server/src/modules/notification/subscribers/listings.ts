/**
 * News about listings: followers hear of a seller's new listing (a job on the queue), and a seller hears of likes on theirs, gathered
 * into one unread entry per listing and hour ("3 people liked …") so a popular listing does not flood the bell.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { follows, products } from '../../../db/schema.js';
import type { EventBus } from '../../../events/bus.js';
import type { JobQueue } from '../../../jobs/queue/queue.js';
import type { NotificationCentre } from '../centre.service.js';
import { nameInNotices } from '../names.js';

const N = messages.notifications;
const HOUR_MS = 3_600_000;

/** Likes of one listing within one clock hour gather into one entry. */
export const likeGroupKey = (productId: number, at: Date) =>
  `like:${productId}:${Math.floor(at.getTime() / HOUR_MS)}`;

export const NEW_LISTING_NOTICES = 'notifications.newListing';

interface NewListing {
  productId: number;
  sellerId: number;
  title: string;
}

/** Tells every follower of the seller, in one statement; each hears of a listing once however often it runs. */
export async function tellFollowers(db: Database, centre: NotificationCentre, listing: NewListing) {
  const followers = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, listing.sellerId));
  if (followers.length === 0) return 0;
  return centre.notifyEachOnce(
    followers.map((row) => row.id),
    {
      type: NOTIFICATION_TYPES.follow,
      title: fillText(N.followTitle, { name: await nameInNotices(db, listing.sellerId) }),
      body: listing.title,
      link: ROUTES.productDetail(listing.productId),
      groupKey: `listed:${listing.productId}`,
      // A follower who since blocked the seller no longer hears of their listings.
      actorId: listing.sellerId,
    },
  );
}

/**
 * A new listing reaches the seller's followers through a job: a seller with many followers does not slow their
 * own "list it" answer, and a process that dies after the listing was stored leaves the job to another.
 */
export function notifyListingNews(
  events: EventBus,
  centre: NotificationCentre,
  db: Database,
  queue: JobQueue,
  now: () => Date = () => new Date(),
): void {
  queue.define<NewListing>({
    name: NEW_LISTING_NOTICES,
    handler: async (listing) => {
      await tellFollowers(db, centre, listing);
    },
  });
  events.on('product.listed', async (listing) => {
    await queue.enqueue(NEW_LISTING_NOTICES, listing, {
      idempotencyKey: `${NEW_LISTING_NOTICES}:${listing.productId}`,
    });
  });

  events.on('product.liked', async ({ productId, sellerId, likerId }) => {
    if (likerId === sellerId) return;
    const [listing] = await db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, productId));
    if (!listing) return;
    const name = await nameInNotices(db, likerId);
    await centre.notify(sellerId, {
      type: NOTIFICATION_TYPES.like,
      title: (count) =>
        count === 1
          ? fillText(N.likeTitleOne, { name, title: listing.title })
          : fillText(N.likeTitleMany, { count, title: listing.title }),
      body: N.likeBody,
      link: ROUTES.productDetail(productId),
      groupKey: likeGroupKey(productId, now()),
      // A like by someone the seller blocked tells them nothing (docs/product.md §11).
      actorId: likerId,
    });
  });
}
