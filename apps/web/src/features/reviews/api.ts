import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  API,
  apiPath,
  REVIEW_LIMITS,
  type MessageBody,
  type ReputationResponse,
  type ReviewListResponse,
} from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';
import type { ReportState } from '../listings';
import { browserTexts } from '../../shared/i18n/i18n';

export const reviewKeys = {
  list: (userId: number) => ['reviews', userId] as const,
  reputation: (userId: number) => ['reputation', userId] as const,
};

/**
 * GET /api/Review/user/{userId}/reputation: a person's stars, deals done and reply time, for the seller card. It is
 * asked after first paint rather than carried in the product answer, the hottest path (docs/product.md §20).
 */
export function useReputation(userId: number) {
  return useQuery({
    queryKey: reviewKeys.reputation(userId),
    queryFn: ({ signal }) =>
      apiFetch<ReputationResponse>(apiPath(API.review.reputation, { userId }), { signal }).then(
        (body) => body.data,
      ),
    retry: false,
    // A reputation moves with deals and ratings, seldom within minutes: browsing one seller's items asks once.
    staleTime: 5 * 60_000,
  });
}

/** GET /api/Review/user/{userId}, page after page, newest first. */
export function useReviewPages(userId: number | null) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(userId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ReviewListResponse>(apiPath(API.review.byUser, { userId: userId ?? 0 }), {
        query: { page: pageParam, pageSize: REVIEW_LIMITS.pageSizeDefault },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: userId !== null,
    retry: false,
  });
}

/** POST /api/Review/{id}/reply: the server's words ("Your answer is published."). */
export function replyToReview(reviewId: number, text: string): Promise<MessageBody> {
  return apiFetch<MessageBody>(apiPath(API.review.reply, { id: reviewId }), {
    method: 'POST',
    body: { text },
  });
}

/** POST /api/Review/{id}/report, as the report dialog tells it: the server's thanks, or its refusal. */
export async function reportReview(reviewId: number, reason: string): Promise<ReportState> {
  try {
    const answer = await apiFetch<MessageBody>(apiPath(API.review.report, { id: reviewId }), {
      method: 'POST',
      body: reason ? { reason } : {},
    });
    return { kind: 'success', message: answer?.message || browserTexts().reviews.reported };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || !error.message) {
      return { kind: 'error', message: browserTexts().listing.reportError };
    }
    return { kind: 'error', message: error.message };
  }
}
