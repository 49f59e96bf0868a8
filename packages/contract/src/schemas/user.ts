import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PAGE_SIZE, USERNAME_MAX_LENGTH } from '../constants.js';
import { LOCALES } from '../locale.js';
import { messages } from '../messages.js';
import { USERNAME_PATTERN } from './account.js';
import { idSchema, pageNumberSchema } from './common.js';
import { reputationSchema } from './deal.js';

const P = messages.profile;

// ---------------------------------------------------------------------------------------------------------
// GET /api/User/profile-details/{userId}

/** docs/product.md §3 "user profile details", plus what the page needs beyond it (id, location, isOwner). */
export const profileDetailsSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  /** Only the owner sees it; null for everyone else (staff included: they have their own user pages). */
  email: z.string().nullable(),
  /** The "City, ST" the user chose. */
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** "City, ST" from the offline gazetteer for the coordinates; null when no US city is near. */
  location: z.string().nullable(),
  views: z.number().int(),
  itemsSold: z.number().int(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  isFollowedByCurrentUser: z.boolean(),
  /** True when the signed-in viewer blocked this person (docs/product.md §11); never tells who blocked whom else. */
  isBlockedByCurrentUser: z.boolean(),
  /** When the user joined (ISO 8601). */
  thrifterSince: z.string(),
  profilePhotoUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  /** True when the person confirmed their e-mail address (a trust signal shown to everyone, the address never). */
  emailVerified: z.boolean(),
  /** True when the signed-in user is looking at their own profile. */
  isOwner: z.boolean(),
  /** The language the person saved (null: their browser's decides); the owner's alone, null for everyone else. */
  language: z.enum(LOCALES).nullable(),
  /** Ratings from published reviews, deals done and reply time (docs/product.md §20). */
  reputation: reputationSchema,
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;
export const profileDetailsResponseSchema = z.object({ data: profileDetailsSchema });
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST /api/User/upload-profile-photo, /api/User/upload-cover-photo (multipart UserId, ImageFile)

export const uploadPhotoFieldsSchema = z.object({
  UserId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    idSchema.optional(),
  ),
});
/** `imageUrl` at the top level as the SPEC's client reads it, and in `data` like every other answer. */
export const uploadPhotoResponseSchema = z.object({
  message: z.string(),
  imageUrl: z.string(),
  data: z.object({ imageUrl: z.string() }),
});
export type UploadPhotoResponse = z.infer<typeof uploadPhotoResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST /api/User/update-user-details

/** A language with a catalogue (LOCALES), as a person saves it. */
export const languageSchema = z.enum(LOCALES, { error: P.languageInvalid });

/** The edit-profile form (docs/product.md §5, in the SPEC's order); the browser validates with the same schema. */
export const updateUserDetailsSchema = z.object({
  userId: idSchema,
  userName: z
    .string({ error: P.usernameRequired })
    .trim()
    .min(1, { error: P.usernameRequired })
    .regex(USERNAME_PATTERN, { error: P.usernameChars })
    .max(USERNAME_MAX_LENGTH, { error: `Username must be at most ${USERNAME_MAX_LENGTH} characters.` }),
  // Not trimmed: a space anywhere, leading and trailing ones included, is refused with the SPEC's text rather than
  // quietly removed, so what the person typed is what is checked.
  email: z
    .string({ error: P.emailRequired })
    .refine((value) => value.trim().length > 0, { error: P.emailRequired, abort: true })
    .refine((value) => !/\s/.test(value), { error: P.emailNoSpaces, abort: true })
    .pipe(
      z
        .string()
        .max(EMAIL_MAX_LENGTH, { error: P.emailInvalid })
        .pipe(z.email({ error: P.emailInvalid })),
    ),
  address: z
    .string({ error: P.addressRequired })
    .trim()
    .min(1, { error: P.addressRequired })
    .max(200, { error: P.addressRequired }),
  /** Set by choosing a suggestion; typed text without a chosen suggestion has none (docs/product.md §4). */
  latitude: z.number({ error: P.addressRequired }).finite().min(-90).max(90),
  longitude: z.number({ error: P.addressRequired }).finite().min(-180).max(180),
  /** The language to read the site, notifications and e-mails in; null clears it, left out keeps it. */
  language: languageSchema.nullish(),
});
export type UpdateUserDetailsRequest = z.input<typeof updateUserDetailsSchema>;
export const updateUserDetailsResponseSchema = z.object({
  message: z.string(),
  data: profileDetailsSchema,
});

// ---------------------------------------------------------------------------------------------------------
// POST /api/User/follow-unfollow/{userId}

/**
 * Empty toggles (SPEC sends `userIdToFollow`, which must match the path when present); `follow: true | false`
 * sets the state, so a retried or doubled request cannot flip it twice.
 */
export const followRequestSchema = z
  .object({ userIdToFollow: idSchema.optional(), follow: z.boolean().optional() })
  .nullish();
export const followResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    userId: z.number().int(),
    isFollowing: z.boolean(),
    followersCount: z.number().int(),
  }),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/User/followers?page&pageSize

export const followersQuerySchema = z.object({
  page: pageNumberSchema,
  /** Larger values are capped at PAGE_SIZE.max. */
  pageSize: z.coerce
    .number({ error: messages.request.pageSizeInvalid })
    .int()
    .min(1, { error: messages.request.pageSizeInvalid })
    .optional()
    .transform((size) => Math.min(size ?? PAGE_SIZE.followers, PAGE_SIZE.max)),
});
export type FollowersQuery = z.input<typeof followersQuerySchema>;

/** docs/product.md §3 "Follower", plus `location` ("City, ST") so cards need no geocoding call. Newest follower first. */
export const followerSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  imageUrl: z.string().nullable(),
  thrifterSince: z.string(),
  isFollowingBack: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location: z.string().nullable(),
  views: z.number().int(),
  totalFollowers: z.number().int(),
  itemsSold: z.number().int(),
});
export type Follower = z.infer<typeof followerSchema>;
export const followersResponseSchema = z.object({
  data: z.array(followerSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FollowersResponse = z.infer<typeof followersResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST / DELETE /api/User/block/{userId}, GET /api/User/blocked (docs/product.md §11)

export const blockResponseSchema = z.object({
  message: z.string(),
  data: z.object({ userId: z.number().int(), isBlocked: z.boolean() }),
});
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** A blocked person as the settings list shows them, newest block first. */
export const blockedPersonSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  imageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;
export const blockedPeopleResponseSchema = z.object({ data: z.array(blockedPersonSchema) });
export type BlockedPeopleResponse = z.infer<typeof blockedPeopleResponseSchema>;
