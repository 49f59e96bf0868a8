/**
 * Reservations (docs/product.md §12): the buyer and the seller each hear when a hold is made, released or runs
 * out. Each entry opens their chat about the listing, where the hold shows. What the seller did themselves
 * (made, released) is kept in their list as read: it does not ring their own bell, push or e-mail them. A hold
 * ended by the sale tells nobody here: the sale itself is the news.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { products, users } from '../../../db/schema.js';
import type { EventBus } from '../../../events/bus.js';
import type { NotificationCentre } from '../centre.service.js';

const N = messages.notifications;

async function usernameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.username }).from(users).where(eq(users.id, userId));
  return row?.name ?? N.deletedUser;
}

async function titleOf(db: Database, productId: number): Promise<string | undefined> {
  const [row] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return row?.title;
}

/** The server does not know the reader's time zone: the hold's end is given in UTC, to the minute. */
export const untilText = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function notifyReservations(events: EventBus, centre: NotificationCentre, db: Database): void {
  const type = NOTIFICATION_TYPES.reservation;
  // Each side's entry for one listing's hold gathers into one: a re-reserve replaces the older text.
  const groupKey = (productId: number) => `reservation:${productId}`;

  events.on('product.reserved', async ({ productId, sellerId, buyerId, until }) => {
    const title = await titleOf(db, productId);
    if (title === undefined) return;
    const [seller, buyer] = await Promise.all([usernameOf(db, sellerId), usernameOf(db, buyerId)]);
    const body = fillText(N.reservedBody, { until: untilText(until) });
    await centre.notify(buyerId, {
      type,
      title: fillText(N.reservedTitleBuyer, { name: seller, title }),
      body,
      link: ROUTES.chat(sellerId, productId),
      groupKey: groupKey(productId),
      actorId: sellerId,
    });
    await centre.notify(sellerId, {
      type,
      title: fillText(N.reservedTitleSeller, { name: buyer, title }),
      body,
      link: ROUTES.chat(buyerId, productId),
      groupKey: groupKey(productId),
      ownAction: true,
    });
  });

  events.on('product.reservationEnded', async ({ productId, sellerId, buyerId, reason }) => {
    if (reason === 'sold') return;
    const title = await titleOf(db, productId);
    if (title === undefined) return;
    const [seller, buyer] = await Promise.all([usernameOf(db, sellerId), usernameOf(db, buyerId)]);
    const lapsed = reason === 'lapsed';
    await centre.notify(buyerId, {
      type,
      title: lapsed
        ? fillText(N.lapsedTitle, { title })
        : fillText(N.releasedTitleBuyer, { name: seller, title }),
      body: N.endedBody,
      link: ROUTES.chat(sellerId, productId),
      groupKey: groupKey(productId),
      ...(!lapsed && { actorId: sellerId }),
    });
    await centre.notify(sellerId, {
      type,
      title: lapsed
        ? fillText(N.lapsedTitle, { title })
        : fillText(N.releasedTitleSeller, { name: buyer, title }),
      body: N.endedBody,
      link: ROUTES.chat(buyerId, productId),
      groupKey: groupKey(productId),
      ownAction: !lapsed,
    });
  });
}
