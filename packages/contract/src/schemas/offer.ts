import { z } from 'zod';
import { LISTING_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { idSchema } from './common.js';

const O = messages.offers;

/** What an offer can come to (docs/product.md §18); only `pending` can still be answered. */
export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'countered',
  'withdrawn',
  'expired',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_LIMITS = {
  /** Offers one buyer may make on one listing within 24 hours (counting only those the seller gets to see). */
  perListingPerDay: 3,
  /** An offer is at most this many times the asking price: a typo of two zeros is refused, not sent. */
  maxTimesPrice: 10,
} as const;

/** Two decimals at most, tolerant of binary floating point (19.99 * 100 is 1998.9999999999998). */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Money in the listing's price format: more than 0, at most 2 decimals; a number, or its text. */
export const offerAmountSchema = z
  .union([z.number(), z.string()], { error: O.amountInvalid })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
    if (
      !Number.isFinite(n) ||
      n <= 0 ||
      n > LISTING_LIMITS.priceMax * OFFER_LIMITS.maxTimesPrice ||
      !hasAtMostTwoDecimals(n)
    ) {
      ctx.addIssue({ code: 'custom', message: O.amountInvalid });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** POST /api/Offer: a buyer's offer on a listing. */
export const createOfferSchema = z.object({ productId: idSchema, amount: offerAmountSchema });
export type CreateOfferRequest = z.input<typeof createOfferSchema>;

/** POST /api/Offer/{id}/counter: the amount asked for instead. */
export const counterOfferSchema = z.object({ amount: offerAmountSchema });
export type CounterOfferRequest = z.input<typeof counterOfferSchema>;

/** GET /api/Offer?productId= */
export const offerListQuerySchema = z.object({ productId: idSchema });

export const offerSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  /** Who made it: the buyer, or the seller countering. The other party answers it. */
  fromUserId: z.number().int(),
  amount: z.number(),
  status: z.enum(OFFER_STATUSES),
  /** When a pending offer lapses (OFFER_HOURS after it was made). */
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerResponseSchema = z.object({ message: z.string(), data: offerSchema });
export type OfferResponse = z.infer<typeof offerResponseSchema>;

/** The seller sees every offer on the listing; a buyer those between them and the seller; anyone else none. */
export const offerListResponseSchema = z.object({ data: z.array(offerSchema) });
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;
