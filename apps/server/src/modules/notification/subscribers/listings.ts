/**
 * News about listings: followers hear of a seller's new listing, and a seller hears of likes on theirs, gathered
 * into one unread entry per listing and hour ("3 people liked …") so a popular listing does not flood the bell.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { follows, products, users } from '../../../db/schema.js';
import type { EventBus } from '../../../events/bus.js';
import type { NotificationCentre } from '../centre.service.js';

const N = messages.notifications;
const HOUR_MS = 3_600_000;

/** Likes of one listing within one clock hour gather into one entry. */
export const likeGroupKey = (productId: number, at: Date) =>
  `like:${productId}:${Math.floor(at.getTime() / HOUR_MS)}`;

async function usernameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.username }).from(users).where(eq(users.id, userId));
  return row?.name ?? N.deletedUser;
}

export function notifyListingNews(
  events: EventBus,
  centre: NotificationCentre,
  db: Database,
  now: () => Date = () => new Date(),
): void {
  events.on('product.listed', async ({ productId, sellerId, title }) => {
    const followers = await db
      .select({ id: follows.followerId })
      .from(follows)
      .where(eq(follows.followeeId, sellerId));
    if (followers.length === 0) return;
    const name = await usernameOf(db, sellerId);
    for (const { id } of followers) {
      await centre.notifyOnce(id, {
        type: NOTIFICATION_TYPES.follow,
        title: fillText(N.followTitle, { name }),
        body: title,
        link: ROUTES.productDetail(productId),
        groupKey: `listed:${productId}`,
      });
    }
  });

  events.on('product.liked', async ({ productId, sellerId, likerId }) => {
    if (likerId === sellerId) return;
    const [listing] = await db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, productId));
    if (!listing) return;
    const name = await usernameOf(db, likerId);
    await centre.notify(sellerId, {
      type: NOTIFICATION_TYPES.like,
      title: (count) =>
        count === 1
          ? fillText(N.likeTitleOne, { name, title: listing.title })
          : fillText(N.likeTitleMany, { count, title: listing.title }),
      body: N.likeBody,
      link: ROUTES.productDetail(productId),
      groupKey: likeGroupKey(productId, now()),
      actorId: likerId,
    });
  });
}
