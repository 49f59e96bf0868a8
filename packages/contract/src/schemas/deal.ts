/**
 * Handovers and ratings (docs/product.md §19, §20): the deal a sale to someone records, the ratings its two sides
 * give each other, and the reputation a profile shows from them.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { idSchema, pageNumberSchema, pageSizeSchema } from './common.js';

const R = messages.reviews;

/** `completed` once the seller marked the item sold to the buyer; `void` when called off within the window. */
export const DEAL_STATUSES = ['completed', 'void'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** What the rated person was in the deal. */
export const REVIEW_ROLES = ['seller', 'buyer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

export const REVIEW_LIMITS = {
  starsMin: 1,
  starsMax: 5,
  textMax: 500,
  replyMax: 500,
  reportReasonMax: 500,
  /** Fewer answered conversations than this in 90 days: no reply time is shown. */
  replySamplesMin: 3,
  replyDays: 90,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

export const dealSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sellerId: z.number().int(),
  buyerId: z.number().int(),
  /** The accepted offer's amount, else the listing's price when it was marked sold. */
  price: z.number(),
  soldAt: z.string(),
  status: z.enum(DEAL_STATUSES),
  /** When the rating window (REVIEW_DAYS after the handover) ends. */
  rateUntil: z.string(),
  /** The listing's title at the time of the sale. */
  title: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;
/** The other side of a deal: "Deleted user" once their account is gone. */
export const dealPersonSchema = z.object({ id: z.number().int(), userName: z.string() });
export type DealPerson = z.infer<typeof dealPersonSchema>;
export const dealResponseSchema = z.object({ message: z.string(), data: dealSchema });
export type DealResponse = z.infer<typeof dealResponseSchema>;

const starsSchema = z.coerce
  .number({ error: R.starsInvalid })
  .int({ error: R.starsInvalid })
  .min(REVIEW_LIMITS.starsMin, { error: R.starsInvalid })
  .max(REVIEW_LIMITS.starsMax, { error: R.starsInvalid });

/** POST /api/Review: one side's rating of a deal. */
export const createReviewSchema = z.object({
  dealId: idSchema,
  stars: starsSchema,
  text: z
    .string({ error: R.textTooLong })
    .trim()
    .max(REVIEW_LIMITS.textMax, { error: R.textTooLong })
    .nullish()
    .transform((text) => text || ''),
});
export type CreateReviewRequest = z.input<typeof createReviewSchema>;

/** POST /api/Review/{id}/reply: the rated person's one public answer. */
export const reviewReplySchema = z.object({
  text: z
    .string({ error: R.replyRequired })
    .trim()
    .min(1, { error: R.replyRequired })
    .max(REVIEW_LIMITS.replyMax, { error: R.replyTooLong }),
});
export type ReviewReplyRequest = z.input<typeof reviewReplySchema>;

/** POST /api/Review/{id}/report: like a listing's report, the reason is optional. */
export const reportReviewSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.reportReasonMax, { error: messages.listing.reportReasonTooLong })
      .nullish()
      .transform((reason) => reason || undefined),
  })
  .nullish();

/** The author's own review as they see it: `pending` until both rated or the window ended. */
export const ownReviewSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  stars: z.number().int(),
  text: z.string(),
  role: z.enum(REVIEW_ROLES),
  status: z.enum(['pending', 'published']),
  createdAt: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A deal in the caller's list, with the other side and the caller's own rating of it (never the other's). */
export const dealListItemSchema = dealSchema.extend({
  other: dealPersonSchema,
  myReview: ownReviewSchema.nullable(),
});
export type DealListItem = z.infer<typeof dealListItemSchema>;
/** GET /api/Deal: the caller's deals, as seller and as buyer, newest first, void ones included. */
export const dealListResponseSchema = z.object({ data: z.array(dealListItemSchema) });
export type DealListResponse = z.infer<typeof dealListResponseSchema>;

/** GET /api/Deal/buyers?productId=: who the seller may mark the listing sold to. */
export const dealBuyersQuerySchema = z.object({ productId: idSchema });
/** The people who chatted about the listing: the buyer it is reserved for first, then the latest chat first. */
export const dealBuyersResponseSchema = z.object({ data: z.array(dealPersonSchema) });
export type DealBuyersResponse = z.infer<typeof dealBuyersResponseSchema>;
export const ownReviewResponseSchema = z.object({ message: z.string(), data: ownReviewSchema });
export type OwnReviewResponse = z.infer<typeof ownReviewResponseSchema>;

export const reviewReplyBodySchema = z.object({ text: z.string(), createdAt: z.string() });

/** A published review on a person's profile. `reviewer.userName` is "Deleted user" once their account is gone. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  stars: z.number().int(),
  text: z.string(),
  /** What the reviewed person was in the deal. */
  role: z.enum(REVIEW_ROLES),
  createdAt: z.string(),
  reviewer: z.object({ id: z.number().int().nullable(), userName: z.string() }),
  reply: reviewReplyBodySchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/Review/user/{userId}?page&pageSize: newest first. */
export const reviewListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: pageSizeSchema(REVIEW_LIMITS.pageSizeMax, REVIEW_LIMITS.pageSizeDefault),
});
export const reviewListResponseSchema = z.object({ data: z.array(publicReviewSchema), hasMore: z.boolean() });
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;
export const reviewUserParamsSchema = z.object({ userId: idSchema });

const ratingSchema = z.object({
  /** To one decimal over published reviews; null when there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
});
/** A person's reputation on their profile (docs/product.md §20). */
export const reputationSchema = ratingSchema.extend({
  asSeller: ratingSchema,
  asBuyer: ratingSchema,
  /** Completed deals, as seller or buyer. */
  deals: z.number().int(),
  /** Median minutes to the first reply in chats this person was asked in, last 90 days; null with fewer than 3. */
  medianReplyMinutes: z.number().int().nullable(),
});
export type Reputation = z.infer<typeof reputationSchema>;
/** GET /api/Review/user/{userId}/reputation. */
export const reputationResponseSchema = z.object({ data: reputationSchema });
export type ReputationResponse = z.infer<typeof reputationResponseSchema>;
