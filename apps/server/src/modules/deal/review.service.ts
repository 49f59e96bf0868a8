/**
 * Two-way ratings of a deal (docs/product.md §20). The seller and the buyer of a deal not called off may each
 * rate the other once within the rating window. A rating stays hidden from everyone but its author until both
 * have rated or the window ends (the job deal.service.ts enqueues), and then both are published at once, so
 * neither answers the other. The rated person may answer once; anyone may report a rating, and staff may remove
 * it, telling its author why.
 */
import { messages, type PublicReview, type Reputation } from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { DurableEvents, RecordEvent } from '../../events/durable.js';
import type { JobKind } from '../../jobs/queue/queue.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import { recordAction } from '../staff/moderation-log.repository.js';
import * as deals from './deal.repository.js';
import { presentOwnReview as own } from './deal.presenter.js';
import { REVIEW_WINDOW_END, type ReviewWindowEnd } from './deal.service.js';
import * as repo from './review.repository.js';
import { reputationAt } from './reputations.js';

const R = messages.reviews;
const DELETED_USER = messages.chat.deletedUser;

export type ReviewService = ReturnType<typeof createReviewService>;

export function createReviewService(options: { db: Database; durable: DurableEvents; now?: () => Date }) {
  const { db, durable } = options;
  const now = options.now ?? (() => new Date());

  /** Makes the deal's ratings public together and tells the rated people. */
  async function publishAll(tx: Transaction, record: RecordEvent, deal: deals.DealRow, at: Date) {
    const published = await repo.publish(tx, deal.id, at);
    if (published.length === 0) return;
    await record('review.published', {
      dealId: deal.id,
      title: deal.title,
      reviews: published.map((row) => ({ id: row.id, authorId: row.authorId, subjectId: row.subjectId })),
    });
  }

  async function windowEnd(job: ReviewWindowEnd): Promise<void> {
    await durable.transaction(async (tx, record) => {
      const deal = await deals.lockDeal(tx, job.dealId);
      if (!deal || deal.status !== 'completed') return;
      await publishAll(tx, record, deal, deal.rateUntil);
      await record('deal.ratingWindowEnded', {
        dealId: deal.id,
        sellerId: deal.sellerId,
        buyerId: deal.buyerId,
      });
    });
  }

  /** A rating anyone may read, else 404: pending, removed, of a deal called off, or by a suspended author. */
  async function readable(id: number) {
    const found = await repo.findWithVisibility(db, id, now());
    if (!found?.visible) throw new HttpError(404, R.notFound);
    return found.review;
  }

  return {
    /** The window's end, for tests that run it without waiting. */
    windowEnd,
    /** The job that publishes a deal's ratings when its window ends (defined in the composition root). */
    windowEndJob: { name: REVIEW_WINDOW_END, handler: windowEnd } satisfies JobKind<ReviewWindowEnd>,

    async rate(user: AuthUser, input: { dealId: number; stars: number; text: string }) {
      return durable.transaction(async (tx, record) => {
        const deal = await deals.lockDeal(tx, input.dealId);
        const isSeller = deal?.sellerId === user.id;
        if (!deal || (!isSeller && deal.buyerId !== user.id)) throw new HttpError(404, R.notYourDeal);
        if (deal.status === 'void') throw new HttpError(400, R.dealVoid);
        const at = now();
        if (deal.rateUntil.getTime() <= at.getTime()) throw new HttpError(400, R.windowOver);
        const subjectId = isSeller ? deal.buyerId : deal.sellerId;
        const row = await repo.insertReview(tx, {
          dealId: deal.id,
          authorId: user.id,
          subjectId,
          role: isSeller ? 'buyer' : 'seller',
          stars: input.stars,
          text: input.text,
          createdAt: at,
        });
        if (!row) throw new HttpError(409, R.alreadyRated);
        const other = await repo.findOwn(tx, deal.id, subjectId);
        if (!other) return { message: R.sentPending, data: own(row, deal, at) };
        await publishAll(tx, record, deal, at);
        return { message: R.sentPublished, data: own({ ...row, publishedAt: at }, deal, at) };
      });
    },

    /** The reputation alone, as the profile carries it, without counting a profile view. */
    async reputation(subjectId: number): Promise<Reputation> {
      const person = await repo.personShown(db, subjectId);
      if (!person) throw new HttpError(404, messages.profile.notFound);
      return reputationAt(db, subjectId, person.reputationVersion, now());
    },

    async list(
      subjectId: number,
      page: number,
      pageSize: number,
    ): Promise<{ data: PublicReview[]; hasMore: boolean }> {
      if (!(await repo.personShown(db, subjectId))) throw new HttpError(404, messages.profile.notFound);
      const rows = await repo.publishedAbout(db, subjectId, now(), {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        data: rows.slice(0, pageSize).map((row) => ({
          id: row.id,
          stars: row.stars,
          text: row.text,
          role: row.role,
          createdAt: row.createdAt.toISOString(),
          reviewer: { id: row.authorId, userName: row.authorName ?? DELETED_USER },
          reply:
            row.reply === null
              ? null
              : { text: row.reply, createdAt: (row.repliedAt ?? row.createdAt).toISOString() },
        })),
        hasMore: rows.length > pageSize,
      };
    },

    async reply(user: AuthUser, id: number, text: string): Promise<void> {
      const review = await readable(id);
      if (review.subjectId !== user.id) throw new HttpError(403, R.onlyReviewed);
      if (!(await repo.setReply(db, id, text, now()))) throw new HttpError(409, R.alreadyReplied);
    },

    async report(user: AuthUser, id: number, reason?: string): Promise<void> {
      const review = await readable(id);
      if (review.authorId === user.id) throw new HttpError(400, R.cannotReportOwn);
      if (!(await repo.addReport(db, { reviewId: id, reporterId: user.id, reason })))
        throw new HttpError(409, R.alreadyReported);
    },

    /** Staff remove a rating: its author hears the reason, and the moderation log keeps it. */
    async remove(staff: AuthUser, id: number, reason: string): Promise<void> {
      await durable.transaction(async (tx, record) => {
        const row = await repo.remove(tx, id, reason, now());
        // Removed already (a second click, two moderators at once): the first removal and its reason stand.
        if (!row && (await repo.findWithVisibility(tx, id, now()))) return;
        if (!row) throw new HttpError(404, R.notFound);
        const author = (await repo.accountExists(tx, row.authorId)) ? row.authorId : null;
        await recordAction(tx, { actorId: staff.id, action: 'remove-review', targetUserId: author, reason });
        await record('review.removed', {
          reviewId: row.id,
          authorId: row.authorId,
          subjectId: row.subjectId,
          reason,
        });
      });
    },
  };
}
