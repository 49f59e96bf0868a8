/**
 * Offers and counter-offers (docs/product.md §18). A buyer offers an amount on a listing in the chat with its
 * seller; the party an offer was made to accepts, declines or counters it, and its maker may withdraw it. One
 * offer is open between a buyer and a seller about a listing at a time. Accepting reserves the listing for the
 * buyer by the reservation rules (§12), and the accepted amount is the price the deal records. A pending offer
 * lapses after OFFER_HOURS through a job enqueued with it; answers read a lapsed offer as expired even before that
 * job has run.
 */
import {
  fillText,
  formatPrice,
  messages,
  OFFER_LIMITS,
  type Offer,
  type OfferStatus,
} from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { DurableEvents, RecordEvent } from '../../events/durable.js';
import type { JobKind, JobQueue } from '../../jobs/queue/queue.js';
import { HttpError, TooManyRequestsError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import { ensureConversation, insertMessage, lockSender } from '../message/message-sending.repository.js';
import { findConversation } from '../message/message.repository.js';
import { activeReservation } from '../product/product.presenter.js';
import { hiddenListing, notFound } from '../product/product.service.js';
import type { ReservationService } from '../product/reservation.service.js';
import {
  refuseIfBlocked,
  refuseIfUnverified,
  refuseTooManyNewChats,
  refuseTooManyUnanswered,
} from '../user/reach.js';
import { presentOffer } from './offer.presenter.js';
import * as repo from './offer.repository.js';

const O = messages.offers;
const DAY_MS = 24 * 60 * 60 * 1000;

export const OFFER_LAPSE = 'offer.lapse';

export interface OfferLapse {
  offerId: number;
}

export interface OfferAnswer {
  message: string;
  data: Offer;
}

export type OfferAction = 'accept' | 'decline' | 'withdraw';

export type OfferService = ReturnType<typeof createOfferService>;

export function createOfferService(options: {
  db: Database;
  durable: DurableEvents;
  queue: JobQueue;
  reservations: ReservationService;
  durationMs: number;
  requireVerifiedEmail?: boolean;
  /**
   * The installation's currency (CURRENCY): prices in texts are written in English in it, and said in each reader's
   * language on the way out.
   */
  currency?: string;
  now?: () => Date;
}) {
  const { db, durable, queue, reservations, durationMs } = options;
  const price = (amount: number) => formatPrice(amount, 'en', options.currency);
  const now = options.now ?? (() => new Date());

  /**
   * The listing, still on offer to `actorId`: 404 when gone (or hidden, but for its seller, told why), 403 for its own
   * seller making an offer, 400 when sold, and the amount within its bound.
   */
  async function lockOpenListing(
    tx: Transaction,
    productId: number,
    amount: number,
    actor: { id: number; making: boolean },
  ) {
    const listing = await repo.lockListing(tx, productId);
    if (!listing || listing.sellerBannedAt !== null) throw notFound();
    if (listing.hiddenAt !== null) throw hiddenListing(listing.sellerId, actor.id);
    if (actor.making && listing.sellerId === actor.id) throw new HttpError(403, O.ownListing);
    if (listing.isSold) throw new HttpError(400, O.listingSold);
    const max = listing.price * OFFER_LIMITS.maxTimesPrice;
    if (amount > max) throw new HttpError(400, fillText(O.amountTooHigh, { max: price(max) }));
    return listing;
  }

  /** Neither may reach the other once one blocked them; the refusal says no more than that. */
  async function refuseIfEitherBlocked(tx: Transaction, a: number, b: number): Promise<void> {
    await refuseIfBlocked(tx, a, b, messages.blocking.cannotOffer);
    await refuseIfBlocked(tx, b, a, messages.blocking.cannotOffer);
  }

  /** A buyer's tries on a listing within a day, counting only offers the seller got to see. */
  async function refuseTooMany(tx: Transaction, productId: number, buyerId: number, at: Date): Promise<void> {
    const tries = await repo.countTries(tx, productId, buyerId, new Date(at.getTime() - DAY_MS));
    if (tries.count < OFFER_LIMITS.perListingPerDay) return;
    const retryAfterMs = Math.max(1000, (tries.oldest?.getTime() ?? at.getTime()) + DAY_MS - at.getTime());
    throw new TooManyRequestsError(
      fillText(O.tooMany, { count: OFFER_LIMITS.perListingPerDay }),
      retryAfterMs,
    );
  }

  async function changeStatus(
    tx: Transaction,
    record: RecordEvent,
    row: repo.OfferRow,
    status: OfferStatus,
    at: Date,
  ): Promise<Offer> {
    const offer = presentOffer(await repo.setStatus(tx, row.id, status, at), at);
    await record('offer.changed', { offer });
    return offer;
  }

  /**
   * Stores a new offer. Below the seller's lowest offer it is declined at once and nobody else hears of it;
   * otherwise it replaces the open offer between the two (the maker's own is withdrawn, the other side's is
   * countered) and waits OFFER_HOURS for its answer.
   */
  async function place(
    tx: Transaction,
    record: RecordEvent,
    offer: {
      conversationId: number;
      listing: repo.OfferListing;
      buyerId: number;
      fromUserId: number;
      amount: number;
    },
  ): Promise<OfferAnswer> {
    const { listing, buyerId, fromUserId, amount } = offer;
    const at = now();
    const common = {
      conversationId: offer.conversationId,
      productId: listing.id,
      buyerId,
      sellerId: listing.sellerId,
      fromUserId,
      amount,
      createdAt: at,
    };
    const byBuyer = fromUserId === buyerId;
    if (byBuyer && listing.minimumOffer !== null && amount < listing.minimumOffer) {
      const row = await repo.insertOffer(tx, {
        ...common,
        status: 'declined',
        belowMinimum: true,
        expiresAt: at,
        answeredAt: at,
      });
      return { message: O.tooLow, data: presentOffer(row, at) };
    }
    if (byBuyer) await refuseTooMany(tx, listing.id, buyerId, at);
    const open = await repo.pendingBetween(tx, listing.id, buyerId);
    if (open) {
      const lapsed = open.expiresAt.getTime() <= at.getTime();
      await changeStatus(
        tx,
        record,
        open,
        lapsed ? 'expired' : open.fromUserId === fromUserId ? 'withdrawn' : 'countered',
        at,
      );
    }
    const countersId = open && open.fromUserId !== fromUserId && open.expiresAt > at ? open.id : undefined;
    const row = await repo.insertOffer(tx, {
      ...common,
      status: 'pending',
      countersId,
      expiresAt: new Date(at.getTime() + durationMs),
    });
    // In the same transaction: the offer and the job that ends it exist together or not at all.
    await queue.enqueue(OFFER_LAPSE, { offerId: row.id } satisfies OfferLapse, {
      runAt: row.expiresAt,
      idempotencyKey: `${OFFER_LAPSE}:${row.id}`,
      tx,
    });
    // Its row in the chat, among the messages: unread for the other side, and the chat's latest line.
    const text = fillText(countersId === undefined ? O.inChat : O.counterInChat, {
      amount: price(amount),
    });
    await insertMessage(tx, offer.conversationId, fromUserId, text, null, at, row.id);
    const data = presentOffer(row, at);
    await record('offer.changed', { offer: data });
    return { message: countersId === undefined ? O.sent : O.countered, data };
  }

  /**
   * The offer locked for an answer, after its listing (the order every offer write takes). 404 for anyone but
   * its two parties, and for the seller about an offer they never saw.
   */
  async function lockForAnswer(tx: Transaction, user: AuthUser, id: number) {
    const found = await repo.findOffer(tx, id);
    const party = found && (found.buyerId === user.id || (found.sellerId === user.id && !found.belowMinimum));
    if (!found || !party) throw new HttpError(404, O.notFound);
    const listing = await repo.lockListing(tx, found.productId);
    const row = (await repo.lockOffer(tx, id))!;
    return { row, listing };
  }

  function refuseUnlessOpen(row: repo.OfferRow, at: Date): void {
    if (row.status !== 'pending' || row.expiresAt.getTime() <= at.getTime())
      throw new HttpError(409, O.notPending);
  }

  async function lapse(job: OfferLapse): Promise<void> {
    await durable.transaction(async (tx, record) => {
      // The listing first, as every offer write takes it: a new offer between the two, which ends this one itself,
      // then waits here or goes first, and the offer is never ended twice.
      const found = await repo.findOffer(tx, job.offerId);
      if (found) await repo.lockListing(tx, found.productId);
      const row = await repo.lockOffer(tx, job.offerId);
      // Answered meanwhile, or gone with its chat: nothing to end.
      if (!row || row.status !== 'pending') return;
      await changeStatus(tx, record, row, 'expired', now());
    });
  }

  return {
    /** The lapse job's handler, for tests that run it without waiting. */
    lapse,
    /** The job that ends a pending offer when its time is up (defined in the composition root). */
    lapseJob: { name: OFFER_LAPSE, handler: lapse } satisfies JobKind<OfferLapse>,

    async make(user: AuthUser, productId: number, amount: number): Promise<OfferAnswer> {
      return durable.transaction(async (tx, record) => {
        // First, as a message's send does: the limits below are read and then acted on, and two offers (or an offer
        // and a message) at once must not both see one below the limit.
        await lockSender(tx, user.id);
        const listing = await lockOpenListing(tx, productId, amount, { id: user.id, making: true });
        await refuseIfEitherBlocked(tx, user.id, listing.sellerId);
        const chat = { productId, buyerId: user.id, sellerId: listing.sellerId };
        // An offer starts the conversation when there is none, as a first message does, and counts as one: among the
        // chats started in the hour, and among the rows nobody has answered in the minute.
        const existing = await findConversation(tx, productId, user.id);
        if (!existing) {
          await refuseIfUnverified(tx, user.id, options.requireVerifiedEmail ?? false);
          await refuseTooManyNewChats(tx, user.id);
        }
        await refuseTooManyUnanswered(tx, user.id, existing?.id);
        const conversationId = await ensureConversation(tx, chat);
        return place(tx, record, {
          conversationId,
          listing,
          buyerId: user.id,
          fromUserId: user.id,
          amount,
        });
      });
    },

    async counter(user: AuthUser, id: number, amount: number): Promise<OfferAnswer> {
      return durable.transaction(async (tx, record) => {
        const { row } = await lockForAnswer(tx, user, id);
        if (row.fromUserId === user.id) throw new HttpError(403, O.notYourTurn);
        refuseUnlessOpen(row, now());
        const listing = await lockOpenListing(tx, row.productId, amount, { id: user.id, making: false });
        await refuseIfEitherBlocked(tx, row.buyerId, row.sellerId);
        return place(tx, record, {
          conversationId: row.conversationId,
          listing,
          buyerId: row.buyerId,
          fromUserId: user.id,
          amount,
        });
      });
    },

    async answer(user: AuthUser, id: number, action: OfferAction): Promise<OfferAnswer> {
      return durable.transaction(async (tx, record) => {
        const { row, listing } = await lockForAnswer(tx, user, id);
        const at = now();
        if (action === 'withdraw' ? row.fromUserId !== user.id : row.fromUserId === user.id) {
          throw new HttpError(403, action === 'withdraw' ? O.onlyMaker : O.notYourTurn);
        }
        refuseUnlessOpen(row, at);
        if (action === 'withdraw')
          return { message: O.withdrawn, data: await changeStatus(tx, record, row, 'withdrawn', at) };
        if (action === 'decline')
          return { message: O.declined, data: await changeStatus(tx, record, row, 'declined', at) };
        // Declining and withdrawing end an offer and stay open; taking one up waits until the listing is shown again.
        if (listing?.hiddenAt) throw hiddenListing(listing.sellerId, user.id);
        await refuseIfEitherBlocked(tx, row.buyerId, row.sellerId);
        // A buyer taking up the seller's counter-offer cannot take the listing from the buyer the seller has since
        // held it for; the seller accepting an offer may (their own choice, as reserving for another is).
        // Sold meanwhile: said in the offers' words (the hold below would refuse in the reservations').
        if (listing?.isSold) throw new HttpError(400, O.listingSold);
        const holder = listing && activeReservation(listing, at);
        if (user.id === row.buyerId && holder && holder.buyerId !== row.buyerId)
          throw new HttpError(409, O.heldForAnother);
        const data = await changeStatus(tx, record, row, 'accepted', at);
        // The listing's rules decide (not sold, not hidden); a refusal there undoes the acceptance with it.
        await reservations.hold({ tx, record }, row.sellerId, row.productId, row.buyerId, {
          offerId: row.id,
        });
        return { message: O.accepted, data };
      });
    },

    /** The seller sees every offer on the listing; a buyer those between them and the seller; anyone else none. */
    async list(user: AuthUser, productId: number): Promise<Offer[]> {
      const at = now();
      return (await repo.listVisible(db, productId, user.id)).map((row) => presentOffer(row, at));
    },
  };
}
