import { z } from 'zod';
import { LISTING_LIMITS, PAGE_SIZE } from '../constants.js';
import { messages } from '../messages.js';
import { idSchema } from './common.js';

const L = messages.listing;

/** Form and query values arrive as text; blank counts as missing (coercion would read '' as 0). */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Optional numbers: the inner schema is optional so that a blank value is missing, not NaN. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

// ---------------------------------------------------------------------------------------------------------
// Feed (GET /api/Marketplace/products)

/**
 * The search words as the full-text search reads them (web-search syntax). A `-` means "without" only right before
 * a word or a quoted phrase (`-red`, `-"red chair"`), as a person writes it; a run of them counts once, and one
 * before anything else is a space. PostgreSQL stacks a NOT for every `-` it reads before a word, and 32 in a row
 * overflow its query parser: a harmless text answered 500. Blank is no search.
 */
export function searchWords(text: string): string | undefined {
  const words = text
    .replace(/-+(?=[\p{L}\p{N}"])/gu, '-')
    .replace(/-(?![\p{L}\p{N}"])/gu, ' ')
    .trim();
  return words || undefined;
}

const {
  pageInvalid: pageMessage,
  pageSizeInvalid: pageSizeMessage,
  radiusInvalid: radiusMessage,
  latitudeInvalid: latMessage,
  longitudeInvalid: lngMessage,
} = messages.request;

export const feedQuerySchema = z
  .object({
    page: optional(
      z.coerce
        .number({ error: pageMessage })
        .int({ error: pageMessage })
        .min(1, { error: pageMessage })
        .max(10_000, { error: pageMessage }),
    ).transform((page) => page ?? 1),
    /** Larger values are capped at PAGE_SIZE.max rather than refused: the client keeps working. */
    pageSize: optional(
      z.coerce
        .number({ error: pageSizeMessage })
        .int({ error: pageSizeMessage })
        .min(1, { error: pageSizeMessage }),
    ).transform((size) => Math.min(size ?? PAGE_SIZE.marketplace, PAGE_SIZE.max)),
    /** Words matched against title, description and category title (web-search syntax: "quotes", -not, or). */
    search: z
      .string()
      .max(LISTING_LIMITS.searchMax, { error: messages.request.searchTooLong })
      .optional()
      .transform((text) => (text === undefined ? undefined : searchWords(text))),
    latitude: optional(
      z.coerce.number({ error: latMessage }).min(-90, { error: latMessage }).max(90, { error: latMessage }),
    ),
    longitude: optional(
      z.coerce.number({ error: lngMessage }).min(-180, { error: lngMessage }).max(180, { error: lngMessage }),
    ),
    /** Miles × 1.60934 (docs/product.md §9). Without it, a location searches DEFAULT_RADIUS_MILES. */
    radiusKm: optional(
      z.coerce
        .number({ error: radiusMessage })
        .positive({ error: radiusMessage })
        .max(20_000, { error: radiusMessage }),
    ),
    /**
     * The snapshot a paging session reads (ISO 8601). Send the `before` of the first page's answer with every
     * later page so new listings cannot shift items between pages (docs/decisions/0004-feed-paging.md).
     */
    before: z.preprocess(
      blankToUndefined,
      z.iso
        .datetime({ offset: true, error: messages.request.beforeInvalid })
        .transform((text) => new Date(text))
        .optional(),
    ),
  })
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    error: L.locationIncomplete,
    path: ['latitude'],
  });
export type FeedQuery = z.input<typeof feedQuerySchema>;
export type ParsedFeedQuery = z.output<typeof feedQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/**
 * A listing as lists show it (feed, profile tabs). Aliases follow docs/product.md §3 (id/productId, title/name,
 * mainImage/image, userId/sellerId). `mainImage` is the first photo's thumbnail, `images` the full-size photos.
 * Image addresses are `/uploads/…` paths (prefix them with the API base) or absolute URLs (object storage).
 */
export const productCardSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  name: z.string(),
  /** Dollars with at most two decimals. */
  price: z.number(),
  mainImage: z.string().nullable(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  views: z.number().int(),
  likesCount: z.number().int(),
  /** ISO 8601, UTC. */
  posted: z.string(),
  /** "City, ST" of the pickup point; null when no US city is near. */
  location: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  userId: z.number().int(),
  sellerId: z.number().int(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  isSold: z.boolean(),
  categoryId: z.number().int().nullable(),
  categoryTitle: z.string().nullable(),
  /** ISO 8601 end of the seller's hold for a buyer (docs/product.md §12); null when none or run out. */
  reservedUntil: z.string().nullable(),
  /** True when the hold is for the signed-in user. */
  isReservedForCurrentUser: z.boolean(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** One listing with everything the detail page shows. `mainImage` here is full size; `thumbnails` match `images`. */
export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  thumbnails: z.array(z.string()),
  isLikedByCurrentUser: z.boolean(),
  isFollowedByCurrentUser: z.boolean(),
  /** When the seller joined (ISO 8601). */
  thrifterSince: z.string(),
  /** True when the signed-in user is the seller (show edit controls, hide report and follow). */
  isOwner: z.boolean(),
  /**
   * Present only for the seller: the lowest offer they accept (docs/product.md §18), null when none. Nobody else
   * ever gets it.
   */
  minimumOffer: z.number().nullable().optional(),
  /**
   * Present only when moderation hid the listing, which only its seller and staff can then open (everyone else
   * gets 404): the reason staff gave.
   */
  hiddenReason: z.string().optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const feedResponseSchema = z.object({
  data: z.array(productCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Echo as `before` when asking for the next pages of the same feed. */
  before: z.string(),
  /**
   * When a search's first page is empty: the nearest spelling of its words that finds something ("Did you mean
   * …?"), else null.
   */
  suggestion: z.string().nullable(),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

export const productListResponseSchema = z.object({ data: z.array(productCardSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productDetailResponseSchema = z.object({ data: productDetailSchema });
export const productSavedResponseSchema = z.object({ message: z.string(), data: productDetailSchema });

// ---------------------------------------------------------------------------------------------------------
// Create and edit (multipart form fields, docs/product.md §3; the browser validates with the same schema)

/** A positive whole id from a form or JSON field, with the message a person should read. */
const idNumber = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

/** Two decimals at most, tolerant of binary floating point (19.99 * 100 is 1998.9999999999998). */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Money in the price format: 0 to LISTING_LIMITS.priceMax with at most two decimals, a number or its text. */
const money = (invalidMessage: string, rangeMessage: string) =>
  z.union([z.string(), z.number()], { error: L.fillFieldsProperly }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: invalidMessage });
      return z.NEVER;
    }
    if (n < 0 || n > LISTING_LIMITS.priceMax || !hasAtMostTwoDecimals(n)) {
      ctx.addIssue({ code: 'custom', message: rangeMessage });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const priceSchema = z.preprocess(blankToUndefined, money(L.priceInvalid, L.priceRange));

/**
 * The seller's lowest offer (docs/product.md §18), in the price format. Sent blank it is cleared (`null`); left out
 * of an edit it stays as it was (`undefined`). That it is below the price is checked with the listing.
 */
export const minimumOfferSchema = z.preprocess(
  (value) => (value === undefined ? undefined : blankToUndefined(value) === undefined ? null : value),
  money(messages.offers.minimumRange, messages.offers.minimumRange).nullable().optional(),
);

const coordinate = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: L.pickupRequired })
      .min(min, { error: L.pickupRequired })
      .max(max, { error: L.pickupRequired }),
  );

/** The listing form's fields, named as the SPEC's multipart form names them. */
export const productFormFieldsSchema = z.object({
  Title: z
    .string({ error: L.fillFieldsProperly })
    .trim()
    .min(1, { error: L.fillFieldsProperly })
    .max(LISTING_LIMITS.titleMax, { error: L.titleTooLong }),
  Price: priceSchema,
  Latitude: coordinate(-90, 90),
  Longitude: coordinate(-180, 180),
  Description: z
    .string()
    .trim()
    .max(LISTING_LIMITS.descriptionMax, { error: L.descriptionTooLong })
    .optional()
    .default(''),
  /** Optional: the category chip the listing shows under (GET /api/Category ids). */
  CategoryId: optional(idNumber(L.categoryInvalid)),
  /** Optional: the lowest offer the seller accepts, below the price; only the seller ever sees it. */
  MinimumOffer: minimumOfferSchema,
});
export type ProductFormFields = z.input<typeof productFormFieldsSchema>;
export type ParsedProductFormFields = z.output<typeof productFormFieldsSchema>;

export const productUpdateFieldsSchema = productFormFieldsSchema.extend({
  ProductId: z.preprocess(blankToUndefined, idNumber(L.notFound)),
  /** Addresses of existing photos to remove, as `images` or `thumbnails` listed them. */
  ImagesToDelete: z.array(z.string().max(2000)).max(100).optional().default([]),
});
export type ParsedProductUpdateFields = z.output<typeof productUpdateFieldsSchema>;

/**
 * The SPEC's order of complaints (§5): images, then title/price, then pickup location, then price format.
 * Answers the first message that applies among `found`.
 */
export const LISTING_MESSAGE_ORDER: readonly string[] = [
  L.imageType,
  L.imageRequired,
  L.fillFieldsProperly,
  L.pickupRequired,
  L.priceInvalid,
  L.priceRange,
  messages.offers.minimumRange,
  messages.offers.minimumNotBelowPrice,
];
export function firstListingMessage(found: readonly string[]): string | undefined {
  for (const message of LISTING_MESSAGE_ORDER) if (found.includes(message)) return message;
  return found[0];
}

// ---------------------------------------------------------------------------------------------------------
// Other calls

const booleanLike = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: messages.request.isSoldInvalid }),
);

/**
 * `buyerId`: sold to this person, who chatted about the listing; it records a deal both may rate (docs/product.md
 * §19). Without it a reserved listing is sold to its reserved buyer, any other to nobody in particular.
 */
export const changeSoldStatusSchema = z.object({
  productId: idSchema,
  isSold: booleanLike,
  buyerId: idSchema.nullish(),
});
export type ChangeSoldStatusRequest = z.input<typeof changeSoldStatusSchema>;
export const changeSoldStatusResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    productId: z.number().int(),
    isSold: z.boolean(),
    /** The deal the sale recorded; present only when it was sold to someone (docs/product.md §19). */
    dealId: z.number().int().optional(),
  }),
});

/** POST /api/Product/reserve: hold the listing for a buyer who chats about it. */
export const reserveProductSchema = z.object({ productId: idSchema, buyerId: idSchema });
export type ReserveProductRequest = z.input<typeof reserveProductSchema>;
/** POST /api/Product/unreserve. */
export const unreserveProductSchema = z.object({ productId: idSchema });
/** The hold after the call: `reservedForId` and `reservedUntil` null after unreserve. */
export const reservationResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    productId: z.number().int(),
    reservedForId: z.number().int().nullable(),
    reservedUntil: z.string().nullable(),
  }),
});
export type ReservationResponse = z.infer<typeof reservationResponseSchema>;

export const reportProductSchema = z.object({
  productId: idSchema,
  reason: z
    .string()
    .trim()
    .max(LISTING_LIMITS.reportReasonMax, { error: L.reportReasonTooLong })
    .optional()
    .transform((reason) => reason || undefined),
});
export type ReportProductRequest = z.input<typeof reportProductSchema>;

/**
 * Body of like-unlike: empty toggles (SPEC); `{ like: true | false }` sets the state, which a client may send to
 * make retries and double clicks harmless.
 */
export const likeRequestSchema = z.object({ like: z.boolean().optional() }).nullish();
export const likeResponseSchema = z.object({
  data: z.object({ likesCount: z.number().int(), isLikedByCurrentUser: z.boolean() }),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const viewsResponseSchema = z.object({ data: z.object({ views: z.number().int() }) });
export type ViewsResponse = z.infer<typeof viewsResponseSchema>;

export const userIdParamsSchema = z.object({ userId: idSchema });
