/**
 * Deals (docs/product.md §19). Marking a listing sold to someone who chatted about it records a deal, priced at
 * the offer the two agreed on, else at the listing's price. It opens the rating window (REVIEW_DAYS): within it
 * the buyer may say the handover did not happen, and marking the listing available again calls the deal off; a
 * deal called off carries no ratings. At the window's end a job publishes whatever ratings were given
 * (review.service.ts).
 */
import { messages, type Deal, type DealListItem, type DealPerson } from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { DurableEvents, RecordEvent } from '../../events/durable.js';
import type { JobQueue } from '../../jobs/queue/queue.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import { hiddenListing, notFound } from '../product/product.service.js';
import * as repo from './deal.repository.js';
import { presentDeal, presentOwnReview } from './deal.presenter.js';

const D = messages.deals;

/** The job that publishes a deal's ratings when its window ends (handled in review.service.ts). */
export const REVIEW_WINDOW_END = 'review.windowEnd';

export interface ReviewWindowEnd {
  dealId: number;
}

export type DealService = ReturnType<typeof createDealService>;

export function createDealService(options: {
  db: Database;
  durable: DurableEvents;
  queue: Pick<JobQueue, 'enqueue'>;
  /** REVIEW_DAYS. */
  windowMs: number;
  now?: () => Date;
}) {
  const { db, durable, queue, windowMs } = options;
  const now = options.now ?? (() => new Date());

  async function callOff(tx: Transaction, record: RecordEvent, row: repo.DealRow, by: 'seller' | 'buyer') {
    const deal = presentDeal(await repo.voidDeal(tx, row.id, now()));
    await record('deal.voided', { deal, by });
    return deal;
  }

  return {
    /**
     * In the sale's transaction (the listing locked): records the deal, enqueues the end of its window, and asks
     * both sides to rate (deal.made). The buyer has been checked to be someone who chatted about the listing.
     */
    async recordSale(
      { tx, record }: { tx: Transaction; record: RecordEvent },
      sale: { productId: number; sellerId: number; buyerId: number },
    ): Promise<Deal> {
      const terms = await repo.saleTerms(tx, sale.productId, sale.buyerId);
      if (!terms) throw new Error(`listing ${sale.productId} vanished under its lock`);
      const soldAt = now();
      const row = await repo.insertDeal(tx, {
        ...sale,
        ...terms,
        soldAt,
        rateUntil: new Date(soldAt.getTime() + windowMs),
      });
      await queue.enqueue(REVIEW_WINDOW_END, { dealId: row.id } satisfies ReviewWindowEnd, {
        runAt: row.rateUntil,
        idempotencyKey: `${REVIEW_WINDOW_END}:${row.id}`,
        tx,
      });
      const deal = presentDeal(row);
      await record('deal.made', { deal });
      return deal;
    },

    /**
     * In the transaction marking the listing available again: the sale's deal, if it is still in its window, is
     * called off; past it, the deal stands (its ratings count) but what the two agreed no longer holds the listing.
     * Answers the buyer whose agreement ended, if any.
     */
    async undoSale(
      { tx, record }: { tx: Transaction; record: RecordEvent },
      productId: number,
    ): Promise<{ buyerId: number } | undefined> {
      const row = await repo.lockSaleDeal(tx, productId);
      if (row?.status !== 'completed') return undefined;
      if (row.rateUntil.getTime() > now().getTime()) await callOff(tx, record, row, 'seller');
      return { buyerId: row.buyerId };
    },

    /** The caller's deals with the other side and the caller's own rating; the other's rating is never here. */
    async list(user: AuthUser): Promise<DealListItem[]> {
      const rows = await repo.dealsOf(db, user.id);
      const { names, own } = await repo.sidesOf(db, user.id, rows);
      const at = now();
      return rows.map((row) => {
        const otherId = row.sellerId === user.id ? row.buyerId : row.sellerId;
        const mine = own.get(row.id);
        return {
          ...presentDeal(row),
          other: { id: otherId, userName: names.get(otherId) ?? messages.chat.deletedUser },
          myReview: mine ? presentOwnReview(mine, row, at) : null,
        };
      });
    },

    /**
     * Who the seller may mark the listing sold to (docs/product.md §19); the listing's seller only. Nobody while
     * staff hide it: its chats are paused, and a sale then makes no deal.
     */
    async buyers(user: AuthUser, productId: number): Promise<DealPerson[]> {
      const listing = await repo.saleListing(db, productId);
      if (listing === undefined) throw notFound();
      const { sellerId } = listing;
      if (sellerId !== user.id) throw new HttpError(403, messages.listing.notOwner);
      if (listing.hiddenAt !== null) throw hiddenListing(sellerId, user.id);
      return repo.buyersOf(db, productId, now());
    },

    /** The buyer says the handover did not happen: within the window, the deal is called off. */
    async dispute(user: AuthUser, id: number): Promise<Deal> {
      return durable.transaction(async (tx, record) => {
        const row = await repo.lockDeal(tx, id);
        if (!row || (row.buyerId !== user.id && row.sellerId !== user.id))
          throw new HttpError(404, D.notFound);
        if (row.buyerId !== user.id) throw new HttpError(403, D.onlyBuyerDisputes);
        if (row.status === 'void') throw new HttpError(409, D.alreadyVoid);
        if (row.rateUntil.getTime() <= now().getTime()) throw new HttpError(400, D.disputeWindowOver);
        return callOff(tx, record, row, 'buyer');
      });
    },
  };
}
