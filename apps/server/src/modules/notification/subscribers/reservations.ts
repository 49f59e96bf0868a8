/**
 * Reservations (docs/product.md §12): the buyer and the seller each hear when a hold is made, released or runs
 * out. Each entry opens their chat about the listing, where the hold shows. What the seller did themselves
 * (made, released) is kept in their list as read: it does not ring their own bell, push or e-mail them. A hold
 * ended by the sale tells nobody here: the sale itself is the news.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, ROUTES, fillText, messages } from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { products } from '../../../db/schema.js';
import type { EventBus } from '../../../events/bus.js';
import type { NotificationCentre } from '../centre.service.js';
import { nameInNotices } from '../names.js';

const N = messages.notifications;

async function titleOf(db: Database, productId: number): Promise<string | undefined> {
  const [row] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return row?.title;
}

/** The server does not know the reader's time zone: the hold's end is given in UTC, to the minute. */
export const untilText = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function notifyReservations(events: EventBus, centre: NotificationCentre, db: Database): void {
  /**
   * One side's entry about a listing's hold, opening their chat with the other side. Each side's entries for one
   * listing gather into one (a re-reserve replaces the older text). `byOther`: the other side did it (the seller
   * is its actor); `ownAction`: this side did it themselves (kept read).
   */
  const tell = (
    productId: number,
    to: number,
    other: number,
    texts: { title: string; body: string },
    how: { byOther?: boolean; ownAction?: boolean },
  ) =>
    centre.notify(to, {
      type: NOTIFICATION_TYPES.reservation,
      ...texts,
      link: ROUTES.chat(other, productId),
      groupKey: `reservation:${productId}`,
      ...(how.byOther && { actorId: other }),
      ...(how.ownAction && { ownAction: true }),
    });

  events.on('product.reserved', async ({ productId, sellerId, buyerId, until }) => {
    const title = await titleOf(db, productId);
    if (title === undefined) return;
    const [seller, buyer] = await Promise.all([nameInNotices(db, sellerId), nameInNotices(db, buyerId)]);
    const body = fillText(N.reservedBody, { until: untilText(until) });
    await tell(
      productId,
      buyerId,
      sellerId,
      { title: fillText(N.reservedTitleBuyer, { name: seller, title }), body },
      { byOther: true },
    );
    await tell(
      productId,
      sellerId,
      buyerId,
      { title: fillText(N.reservedTitleSeller, { name: buyer, title }), body },
      { ownAction: true },
    );
  });

  events.on('product.reservationEnded', async ({ productId, sellerId, buyerId, reason }) => {
    if (reason === 'sold') return;
    const title = await titleOf(db, productId);
    if (title === undefined) return;
    const [seller, buyer] = await Promise.all([nameInNotices(db, sellerId), nameInNotices(db, buyerId)]);
    const body = N.endedBody;
    if (reason === 'lapsed') {
      const lapsed = { title: fillText(N.lapsedTitle, { title }), body };
      await tell(productId, buyerId, sellerId, lapsed, {});
      await tell(productId, sellerId, buyerId, lapsed, {});
      return;
    }
    await tell(
      productId,
      buyerId,
      sellerId,
      { title: fillText(N.releasedTitleBuyer, { name: seller, title }), body },
      { byOther: true },
    );
    await tell(
      productId,
      sellerId,
      buyerId,
      { title: fillText(N.releasedTitleSeller, { name: buyer, title }), body },
      { ownAction: true },
    );
  });
}
