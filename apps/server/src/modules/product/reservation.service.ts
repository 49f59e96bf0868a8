/**
 * Reserve for a buyer (docs/product.md §12): the seller holds a listing for someone who chats about it, for
 * RESERVATION_HOURS. The hold lapses through a job due when it ends; answers read an ended hold as none even
 * before that job has run, so a late job only delays the notices.
 */
import { messages } from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { DurableEvents, RecordEvent } from '../../events/durable.js';
import type { JobKind, JobQueue } from '../../jobs/queue/queue.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import { activeReservation } from './product.presenter.js';
import { hiddenListing, notFound } from './product.service.js';
import type { Db } from './product.cards.js';
import * as repo from './reservation.repository.js';
import { refuseIfBlocked } from '../user/reach.js';

const L = messages.listing;

export const RESERVATION_LAPSE = 'product.reservationLapse';

export interface ReservationLapse {
  productId: number;
  /** The end of the hold this job was enqueued for (ISO 8601); a different hold by then is left alone. */
  until: string;
}

export interface Reservation {
  productId: number;
  reservedForId: number | null;
  reservedUntil: string | null;
}

export type ReservationService = ReturnType<typeof createReservationService>;

export function createReservationService(options: {
  db: Database;
  durable: DurableEvents;
  queue: JobQueue;
  durationMs: number;
  now?: () => Date;
}) {
  const { durable, queue, durationMs } = options;
  const now = options.now ?? (() => new Date());

  /**
   * Locked, visible, and the caller's: 404 for unknown, 403 for anyone but the seller. A listing staff hid is 404 to
   * anyone else; its seller may release a hold on it (`whileHidden`), which only ends something, and is told why
   * (403) when making one.
   */
  async function lockOwn(
    tx: Db,
    productId: number,
    sellerId: number,
    options: { whileHidden?: boolean } = {},
  ) {
    const row = await repo.lockForReservation(tx, productId);
    if (!row || row.sellerBannedAt !== null) throw notFound();
    if (row.hiddenAt !== null && !(options.whileHidden && row.sellerId === sellerId))
      throw hiddenListing(row.sellerId, sellerId);
    if (row.sellerId !== sellerId) throw new HttpError(403, L.reserveNotSeller);
    return row;
  }

  /**
   * Holds the listing for the buyer in the caller's transaction, by the rules a seller's reserve follows (an
   * accepted offer reserves the same way). Answers when the hold ends. Its refusals speak to the seller: a caller
   * acting for the buyer (a counter-offer taken up) checks what the buyer may be told first.
   */
  async function hold(
    { tx, record }: { tx: Transaction; record: RecordEvent },
    sellerId: number,
    productId: number,
    buyerId: number,
    options: { offerId?: number } = {},
  ): Promise<Date> {
    const until = new Date(now().getTime() + durationMs);
    const row = await lockOwn(tx, productId, sellerId);
    if (row.isSold) throw new HttpError(400, L.reserveSold);
    if (buyerId === sellerId || !(await repo.buyerChatsAbout(tx, productId, buyerId))) {
      throw new HttpError(400, L.reserveNoChat);
    }
    await refuseIfBlocked(tx, sellerId, buyerId, messages.blocking.cannotReserve);
    await repo.setReservation(tx, productId, { buyerId, until });
    // In the same transaction: the hold and the job that ends it exist together or not at all.
    await queue.enqueue(
      RESERVATION_LAPSE,
      { productId, until: until.toISOString() } satisfies ReservationLapse,
      { runAt: until, idempotencyKey: `${RESERVATION_LAPSE}:${productId}:${until.getTime()}`, tx },
    );
    const previous = activeReservation(row, now());
    // Moving the hold to someone else releases the first buyer's.
    if (previous && previous.buyerId !== buyerId) {
      await record('product.reservationEnded', {
        productId,
        sellerId,
        buyerId: previous.buyerId,
        reason: 'released',
      });
    }
    await record('product.reserved', {
      productId,
      sellerId,
      buyerId,
      until: until.toISOString(),
      ...(options.offerId !== undefined && { offerId: options.offerId }),
    });
    return until;
  }

  async function lapse(job: ReservationLapse): Promise<void> {
    const until = new Date(job.until);
    await durable.transaction(async (tx, record) => {
      const row = await repo.lockForReservation(tx, job.productId);
      if (!row || row.reservedUntil?.getTime() !== until.getTime()) return;
      await repo.setReservation(tx, job.productId, null);
      // A buyer whose account is gone (reserved_for_id set null) has nobody left to tell but the seller's list.
      if (row.reservedForId === null) return;
      await record('product.reservationEnded', {
        productId: job.productId,
        sellerId: row.sellerId,
        buyerId: row.reservedForId,
        reason: 'lapsed',
      });
    });
  }

  return {
    /** The lapse job's handler, for tests that run it without waiting for the period. */
    lapse,
    /** The job that ends a hold when its time is up (defined in the composition root). */
    lapseJob: { name: RESERVATION_LAPSE, handler: lapse } satisfies JobKind<ReservationLapse>,

    hold,

    async reserve(user: AuthUser, productId: number, buyerId: number): Promise<Reservation> {
      const until = await durable.transaction((tx, record) =>
        hold({ tx, record }, user.id, productId, buyerId),
      );
      return { productId, reservedForId: buyerId, reservedUntil: until.toISOString() };
    },

    async unreserve(user: AuthUser, productId: number): Promise<Reservation> {
      await durable.transaction(async (tx, record) => {
        const row = await lockOwn(tx, productId, user.id, { whileHidden: true });
        if (row.reservedForId === null && row.reservedUntil === null) return;
        await repo.setReservation(tx, productId, null);
        const previous = activeReservation(row, now());
        if (previous) {
          await record('product.reservationEnded', {
            productId,
            sellerId: user.id,
            buyerId: previous.buyerId,
            reason: 'released',
          });
        }
      });
      return { productId, reservedForId: null, reservedUntil: null };
    },
  };
}
