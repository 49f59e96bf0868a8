import { VIEW_DEDUP_WINDOW_MS, messages } from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import * as engagement from './engagement.repository.js';
import * as repo from './product.repository.js';
import { canSee, notFound } from './product.service.js';

const L = messages.listing;

export interface LikeState {
  likesCount: number;
  isLikedByCurrentUser: boolean;
}

export type EngagementService = ReturnType<typeof createEngagementService>;

/** Likes, reports and views: what people do to a listing that is not theirs to edit. */
export function createEngagementService(options: { db: Database; durable: DurableEvents }) {
  const { db, durable } = options;

  async function visible(id: number, viewer: AuthUser | null) {
    const row = await repo.findListing(db, id);
    if (!row || !canSee(row, viewer)) throw notFound();
    return row;
  }

  async function applyLike(
    user: AuthUser,
    productId: number,
    wanted: boolean | undefined,
  ): Promise<LikeState> {
    const listing = await visible(productId, user);
    return durable.transaction(async (tx, record) => {
      // One person's requests for one listing take turns, so a toggle always flips what the previous one left
      // (the same on PostgreSQL as on single-connection PGlite); everyone else's likes never wait on it.
      await engagement.lockLiker(tx, user.id, productId);
      const liked = await engagement.isLiked(tx, user.id, productId);
      const target = wanted ?? !liked;
      if (target && !liked && (await engagement.addLike(tx, user.id, productId)))
        await record('product.liked', { productId, sellerId: listing.sellerId, likerId: user.id });
      if (!target && liked) await engagement.removeLike(tx, user.id, productId);
      // Counted from the rows after the change, so the answer is right whatever else ran meanwhile.
      return { likesCount: await engagement.countLikes(tx, productId), isLikedByCurrentUser: target };
    });
  }

  return {
    /**
     * `wanted` undefined toggles (the SPEC's empty body); true/false sets the state, so retries and double
     * clicks of a client that sends it are harmless: two simultaneous `{ like: true }` leave exactly one like.
     */
    like(user: AuthUser, productId: number, wanted?: boolean): Promise<LikeState> {
      return applyLike(user, productId, wanted);
    },

    async report(user: AuthUser, productId: number, reason?: string): Promise<void> {
      const row = await visible(productId, user);
      if (row.sellerId === user.id) throw new HttpError(400, L.cannotReportOwn);
      const added = await engagement.addReport(db, { productId, reporterId: user.id, reason });
      if (!added) throw new HttpError(409, L.alreadyReported);
    },

    /** Counts a look once per viewer per hour; the seller's own looks never count. Answers the total. */
    async view(productId: number, viewer: string, user: AuthUser | null): Promise<number> {
      const row = await visible(productId, user);
      if (user?.id === row.sellerId) return row.views;
      return withTransaction(db, async (tx) => {
        const counts = await engagement.recordView(tx, productId, viewer, VIEW_DEDUP_WINDOW_MS);
        return counts ? engagement.addView(tx, productId) : engagement.viewsOf(tx, productId);
      });
    },
  };
}
