/**
 * A person's own data (docs/product.md, "Your data"): the export file GET /api/Account/export answers, and the
 * confirmation DELETE /api/Account takes. Times are ISO 8601 strings, ids numbers, as everywhere in the API.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { notificationPreferencesSchema, notificationTypeSchema } from './notification.js';
import { dealSchema, REVIEW_ROLES } from './deal.js';
import { OFFER_STATUSES } from './offer.js';

const D = messages.accountData;

/** DELETE /api/Account: the account's current password, checked like a login (any text; the hash decides). */
export const deleteAccountRequestSchema = z.object({
  password: z
    .string({ error: D.passwordRequired })
    .min(1, { error: D.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: D.wrongPassword }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

const time = z.string();
const nullableTime = z.string().nullable();

const exportProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  profilePhotoUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  profileViews: z.number().int(),
  termsAcceptedAt: nullableTime,
  /** When the person opened a verification link for the address above; null while it is unverified. */
  emailVerifiedAt: nullableTime,
  /** The language the person saved (en, de, es); null when their browser's decides. */
  language: z.string().nullable(),
  bannedAt: nullableTime,
  createdAt: time,
});

const exportListing = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  categoryId: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  location: z.string().nullable(),
  isSold: z.boolean(),
  soldAt: nullableTime,
  hiddenAt: nullableTime,
  hiddenReason: z.string().nullable(),
  /** The lowest offer the seller accepts (docs/product.md §18), or null. */
  minimumOffer: z.number().nullable(),
  views: z.number().int(),
  createdAt: time,
  updatedAt: time,
  /** The photos in display order: the large rendition and the thumbnail. */
  photos: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })),
});

const exportGarageSale = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  items: z.array(z.string()),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  createdAt: time,
});

const personLink = z.object({ userId: z.number().int(), userName: z.string(), since: time });

const exportChat = z.object({
  productId: z.number().int(),
  productTitle: z.string(),
  /** "buyer" when the person asked about the listing, "seller" when it was theirs. */
  role: z.enum(['buyer', 'seller']),
  otherUserId: z.number().int(),
  otherUserName: z.string(),
  messages: z.array(
    z.object({ id: z.number().int(), fromMe: z.boolean(), userName: z.string(), text: z.string(), time }),
  ),
});

const exportTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.string(),
  createdAt: time,
  closedAt: nullableTime,
  messages: z.array(z.object({ fromMe: z.boolean(), text: z.string(), time })),
});

export const accountExportSchema = z.object({
  /** Which product and when: the file names the export, the reader should not have to. */
  exportedAt: time,
  product: z.string(),
  profile: exportProfile,
  listings: z.array(exportListing),
  garageSales: z.array(exportGarageSale),
  likes: z.array(z.object({ productId: z.number().int(), likedAt: time })),
  /** Listings this person viewed, as counted once per hour (product_views); only the last time is kept. */
  viewedListings: z.array(z.object({ productId: z.number().int(), viewedAt: time })),
  viewedProfiles: z.array(z.object({ userId: z.number().int(), viewedAt: time })),
  reports: z.array(
    z.object({
      productId: z.number().int(),
      reason: z.string().nullable(),
      status: z.string(),
      createdAt: time,
    }),
  ),
  following: z.array(personLink),
  followers: z.array(personLink),
  /** People this person blocked (docs/product.md §11); who blocked them is never told. */
  blocked: z.array(personLink),
  chats: z.array(exportChat),
  /**
   * Offers this person made or was made (docs/product.md §18), oldest first: as buyer or seller, whether they made
   * it, the amount and what came of it. Offers below a seller's lowest are only in the buyer's export.
   */
  offers: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      role: z.enum(['buyer', 'seller']),
      madeByMe: z.boolean(),
      otherUserId: z.number().int(),
      amount: z.number(),
      status: z.enum(OFFER_STATUSES),
      createdAt: time,
      expiresAt: time,
      answeredAt: nullableTime,
    }),
  ),
  supportTickets: z.array(exportTicket),
  sessions: z.array(
    z.object({
      createdAt: time,
      lastSeenAt: time,
      expiresAt: time,
      revokedAt: nullableTime,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  passwordResets: z.array(z.object({ createdAt: time, expiresAt: time, usedAt: nullableTime })),
  /** Chat messages of this person held for a check (docs/product.md §16), and what staff decided. */
  heldMessages: z.array(
    z.object({
      productId: z.number().int(),
      text: z.string(),
      status: z.string(),
      createdAt: time,
      decidedAt: nullableTime,
    }),
  ),
  /**
   * The perceptual hashes of this person's listing photos (docs/product.md §17), kept 180 days to find copies of
   * them in other sellers' listings: each is 64-bit numbers (the whole picture, then centred crops) as decimal text.
   */
  photoHashes: z.array(
    z.object({ productId: z.number().int(), views: z.array(z.string()), createdAt: time }),
  ),
  /** Verification links sent (the address each was for); the links themselves are never kept. */
  emailVerifications: z.array(
    z.object({ email: z.string(), createdAt: time, expiresAt: time, usedAt: nullableTime }),
  ),
  /** What staff did about this person (bans, role changes), with their reasons. */
  moderation: z.array(z.object({ action: z.string(), reason: z.string().nullable(), createdAt: time })),
  /** The notification centre's entries, read or not; `updatedAt` is the newest event an entry gathered. */
  notifications: z.array(
    z.object({
      id: z.number().int(),
      type: notificationTypeSchema,
      title: z.string(),
      body: z.string(),
      link: z.string(),
      createdAt: time,
      updatedAt: time,
      readAt: nullableTime,
    }),
  ),
  /** Saved searches (docs/product.md §14) and the listings each matched. */
  savedSearches: z.array(
    z.object({
      id: z.number().int(),
      search: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      radiusKm: z.number().nullable(),
      placeLabel: z.string().nullable(),
      createdAt: time,
      seenAt: time,
      matches: z.array(z.object({ productId: z.number().int(), matchedAt: time })),
    }),
  ),
  /**
   * Deals this person sold or bought (docs/product.md §19), each with the rating they gave (pending ones too) and
   * the one they received once it may be read (§20: never while it waits for theirs).
   */
  deals: z.array(
    dealSchema.extend({
      role: z.enum(REVIEW_ROLES),
      ratingGiven: z
        .object({
          stars: z.number().int(),
          text: z.string(),
          status: z.enum(['pending', 'published', 'removed']),
          removedReason: z.string().nullable(),
          reply: z.string().nullable(),
          createdAt: time,
        })
        .nullable(),
      ratingReceived: z
        .object({ stars: z.number().int(), text: z.string(), reply: z.string().nullable(), createdAt: time })
        .nullable(),
      /** The person's own answer to the rating they received: theirs, kept even once that rating was removed. */
      replyWritten: z.object({ text: z.string(), createdAt: time }).nullable(),
    }),
  ),
  /** Ratings this person reported to staff. */
  ratingReports: z.array(
    z.object({
      reviewId: z.number().int(),
      reason: z.string().nullable(),
      status: z.string(),
      createdAt: time,
    }),
  ),
  /** What reaches this person by e-mail and by push (the defaults when they never chose). */
  notificationPreferences: notificationPreferencesSchema,
  /** Browsers this person turned push on in; the browser's keys stay out (they are the browser's secret). */
  pushSubscriptions: z.array(
    z.object({
      endpoint: z.string(),
      userAgent: z.string().nullable(),
      createdAt: time,
      lastSuccessAt: nullableTime,
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
