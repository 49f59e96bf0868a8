import {
  VIEW_DEDUP_WINDOW_MS,
  fillText,
  messages,
  stripUsaSuffix,
  type BlockedPerson,
  type BlockResponse,
  type Follower,
  type FollowResponse,
  type ProfileDetails,
  type updateUserDetailsSchema,
} from '@rummage/contract';
import type { z } from 'zod';
import { withTransaction, type Database } from '../../db/client.js';
import { HttpError, sqlState, violatedConstraint } from '../../lib/http-error.js';
import type { ProcessedImage } from '../../services/images/index.js';
import { newImageKey, type ImageStore } from '../../services/storage/index.js';
import type { AuthUser } from '../account/session.service.js';
import type { EmailVerification } from '../account/email-verification.js';
import * as repo from './user.repository.js';
import * as blocks from './block.repository.js';
import { refuseIfBlocked } from './reach.js';
import { reputationAt } from '../deal/reputations.js';
import type { Gazetteer } from '../../services/geo/gazetteer.js';
import { cityCentre, placeLabel, type ReverseGeocode } from '../../services/geo/place-label.js';

const P = messages.profile;
const B = messages.blocking;
const R = messages.register;

interface Log {
  warn(object: object, message: string): void;
}

export interface UserServiceOptions {
  db: Database;
  store: ImageStore;
  /** The gazetteer's reverse(), for the "City, ST" of a point. */
  reverse: ReverseGeocode;
  /** The gazetteer's cityCentreAt(), for the city centre others get instead of a saved home point. */
  cityCentreAt: Gazetteer['cityCentreAt'];
  log: Log;
  /** A new address's disposable-mail check and its verification link (modules/account/email-verification.ts). */
  verification: Pick<EmailVerification, 'checkAddress' | 'requestLink'>;
}

export type PhotoKind = 'profile' | 'cover';

/** The validated edit-profile form (updateUserDetailsSchema's output). */
export type UserDetailsInput = z.output<typeof updateUserDetailsSchema>;

export const userNotFound = () => new HttpError(404, P.notFound);

const isStaff = (viewer: AuthUser | null) => viewer !== null && viewer.role !== 'user';

/** Only pictures this module stored (`profiles/…` or `covers/…` keys) are ever deleted; anything else is kept. */
/** The stored key of a profile or cover picture's address, when the picture is one this store holds. */
export function profilePhotoKey(store: { url(key: string): string }, url: string): string | undefined {
  const key = OWN_PHOTO_KEY.exec(url)?.[1];
  return key !== undefined && store.url(key) === url ? key : undefined;
}

const OWN_PHOTO_KEY = /((?:profiles|covers)\/\d{4}\/\d{2}\/[A-Za-z0-9-]{16,64}-(?:large|thumb)\.webp)$/;

/**
 * The avatar is the pipeline's thumbnail (fits 480 px: plenty for a round picture, cropped by the page); the
 * cover is its large rendition (fits 1600 px, wide enough for a banner). One file per photo.
 */
const RENDITION = {
  profile: {
    kind: 'profiles',
    variant: 'thumb',
    column: 'imageUrl',
    pick: (image: ProcessedImage) => image.thumb,
  },
  cover: {
    kind: 'covers',
    variant: 'large',
    column: 'coverPhotoUrl',
    pick: (image: ProcessedImage) => image.large,
  },
} as const;

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(options: UserServiceOptions) {
  const { db, store, log } = options;

  function locationText(latitude: number | null, longitude: number | null): string | null {
    if (latitude === null || longitude === null) return null;
    return placeLabel(options.reverse, latitude, longitude);
  }

  /**
   * A saved home point as someone other than its owner may see it: the centre of its city (docs/security.md).
   * The "City, ST" is named from the exact point, which the centre reverse-geocodes back to.
   */
  function homeFor(latitude: number | null, longitude: number | null, isOwner: boolean) {
    if (latitude === null || longitude === null) return { latitude, longitude, location: null };
    const point = isOwner ? { latitude, longitude } : cityCentre(options, latitude, longitude);
    return { ...point, location: locationText(latitude, longitude) };
  }

  async function present(
    row: repo.ProfileRow,
    viewer: AuthUser | null,
    views: number,
  ): Promise<ProfileDetails> {
    const isOwner = viewer?.id === row.id;
    // One statement for every figure of the reputation (docs/product.md §20), unless nothing changed since.
    const reputation = await reputationAt(db, row.id, row.reputationVersion, new Date());
    return {
      id: row.id,
      userName: row.username,
      // SPEC: the e-mail is the owner's alone; staff read it from their own user pages (API.staff).
      email: isOwner ? row.email : null,
      address: row.address,
      ...homeFor(row.latitude, row.longitude, isOwner),
      views,
      itemsSold: row.itemsSold,
      followersCount: row.followersCount,
      followingCount: row.followingCount,
      isFollowedByCurrentUser: row.isFollowedByViewer,
      isBlockedByCurrentUser: row.isBlockedByViewer,
      thrifterSince: row.createdAt.toISOString(),
      profilePhotoUrl: row.imageUrl,
      coverPhotoUrl: row.coverPhotoUrl,
      emailVerified: row.emailVerifiedAt !== null,
      isOwner,
      language: isOwner ? row.language : null,
      reputation,
    };
  }

  /** Suspended people are gone for everyone but staff, who need to see whom they suspended. */
  async function visibleProfile(id: number, viewer: AuthUser | null): Promise<repo.ProfileRow> {
    const row = await repo.findProfile(db, id, viewer?.id ?? null);
    if (!row || (row.bannedAt !== null && !isStaff(viewer))) throw userNotFound();
    return row;
  }

  function conflictFor(error: unknown): HttpError | undefined {
    if (sqlState(error) !== '23505') return undefined;
    return violatedConstraint(error)?.includes('email')
      ? new HttpError(409, R.emailTaken, { email: R.emailTaken })
      : new HttpError(409, R.usernameTaken, { userName: R.usernameTaken });
  }

  const keyOf = (url: string) => profilePhotoKey(store, url);

  /** Deletes pictures nobody shows any more, logging failures: a stray file is better than a failed request. */
  async function removeUnusedPhotos(urls: string[]): Promise<void> {
    const inUse = await repo.photosInUse(db, urls);
    await Promise.all(
      urls.map(async (url) => {
        const key = keyOf(url);
        if (key === undefined || inUse.has(url)) return;
        await store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'photo not deleted'));
      }),
    );
  }

  return {
    /** A deleted account's profile and cover pictures go once its row is gone (modules/account/account-data). */
    discardPhotos: removeUnusedPhotos,

    /**
     * A profile page's details. Looking at someone else's profile counts a view (once per viewer per hour; the
     * owner's own looks never count), and the answer carries the count after it.
     */
    async profile(id: number, viewer: AuthUser | null, viewerKey: string): Promise<ProfileDetails> {
      const row = await visibleProfile(id, viewer);
      if (viewer?.id === id) return present(row, viewer, row.views);
      const views = await withTransaction(db, async (tx) => {
        const counts = await repo.recordProfileView(tx, id, viewerKey, VIEW_DEDUP_WINDOW_MS);
        return counts ? repo.addProfileView(tx, id) : row.views;
      });
      return present(row, viewer, views);
    },

    async updateDetails(user: AuthUser, input: UserDetailsInput): Promise<ProfileDetails> {
      if (input.userId !== user.id) throw new HttpError(403, P.notYourProfile);
      const taken = await repo.namesTakenByOthers(db, user.id, input.userName, input.email);
      if (taken.username) throw new HttpError(409, R.usernameTaken, { userName: R.usernameTaken });
      if (taken.email) throw new HttpError(409, R.emailTaken, { email: R.emailTaken });
      try {
        const updated = await withTransaction(db, async (tx) => {
          const outcome = await repo.updateDetails(tx, user.id, {
            username: input.userName,
            email: input.email,
            address: stripUsaSuffix(input.address),
            latitude: input.latitude,
            longitude: input.longitude,
            ...(input.language !== undefined && { language: input.language }),
          });
          // A new address is checked like one at registration, and gets its link with the change.
          if (outcome?.emailChanged) {
            await options.verification.checkAddress(input.email);
            await options.verification.requestLink(tx, user.id);
          }
          return outcome;
        });
        if (!updated) throw userNotFound();
      } catch (error) {
        // Someone took the name between the check and the write: the unique index decides, and it is a 409.
        throw conflictFor(error) ?? error;
      }
      const row = await visibleProfile(user.id, user);
      return present(row, user, row.views);
    },

    /**
     * Stores a processed photo as the user's profile or cover picture and answers its address. The previous
     * picture is deleted once nobody shows it; a failed database write deletes the new file instead.
     */
    async replacePhoto(user: AuthUser, kind: PhotoKind, image: ProcessedImage): Promise<string> {
      const rendition = RENDITION[kind];
      const key = newImageKey(rendition.kind, rendition.variant);
      const url = store.url(key);
      let previous: string | null;
      try {
        await store.put(key, rendition.pick(image), 'image/webp');
        previous = await withTransaction(db, async (tx) => {
          const row = await repo.lockPhotos(tx, user.id);
          if (!row) throw userNotFound();
          await repo.setPhoto(tx, user.id, rendition.column, url);
          return row[rendition.column];
        });
      } catch (error) {
        await store.delete(key).catch((cause: unknown) => log.warn({ err: cause, key }, 'photo not deleted'));
        throw error;
      }
      // Only after the commit: had it failed, the profile would still show the old picture.
      if (previous !== null && previous !== url) await removeUnusedPhotos([previous]);
      return url;
    },

    /**
     * Follow or unfollow. `wanted` undefined toggles (the SPEC's empty body); true/false sets the state, so a
     * retried or doubled request cannot flip it twice. Toggles of one followee take turns on its row lock.
     */
    async follow(user: AuthUser, followeeId: number, wanted?: boolean): Promise<FollowResponse> {
      if (followeeId === user.id) throw new HttpError(400, P.cannotFollowSelf);
      return withTransaction(db, async (tx) => {
        const followee = await repo.lockFollowee(tx, followeeId);
        if (!followee || followee.bannedAt !== null) throw userNotFound();
        const following = await repo.isFollowing(tx, user.id, followeeId);
        const target = wanted ?? !following;
        // Checked under the followee's lock, which blocking takes too: a block and a follow cannot cross.
        if (target && !following) await refuseIfBlocked(tx, user.id, followeeId, B.cannotFollow);
        if (target && !following) await repo.addFollow(tx, user.id, followeeId);
        if (!target && following) await repo.removeFollow(tx, user.id, followeeId);
        return {
          message: fillText(target ? P.followed : P.unfollowed, { username: followee.username }),
          data: {
            userId: followeeId,
            isFollowing: target,
            // Counted from the rows after the change, so the answer is right whatever else ran meanwhile.
            followersCount: await repo.countFollowers(tx, followeeId),
          },
        };
      });
    },

    /**
     * Blocks a person (docs/product.md §11): idempotent; their follow of the caller ends with it. Takes the
     * caller's row lock, the one a follow of the caller takes, so a follow racing the block cannot survive it.
     */
    async block(user: AuthUser, blockedId: number): Promise<BlockResponse> {
      if (blockedId === user.id) throw new HttpError(400, B.cannotBlockSelf);
      const username = await withTransaction(db, async (tx) => {
        // Both rows, lower id first, so two people blocking each other at once cannot deadlock.
        const [first, second] = [user.id, blockedId].sort((a, b) => a - b) as [number, number];
        const locked = [await repo.lockFollowee(tx, first), await repo.lockFollowee(tx, second)];
        const blocked = locked[first === blockedId ? 0 : 1];
        if (!blocked || (blocked.bannedAt !== null && !isStaff(user))) throw userNotFound();
        await blocks.addBlock(tx, user.id, blockedId);
        return blocked.username;
      });
      return { message: fillText(B.blocked, { username }), data: { userId: blockedId, isBlocked: true } };
    },

    /** Unblocks a person: idempotent; an unknown person is a 404. */
    async unblock(user: AuthUser, blockedId: number): Promise<BlockResponse> {
      const row = await repo.lockFollowee(db, blockedId);
      if (!row) throw userNotFound();
      await blocks.removeBlock(db, user.id, blockedId);
      return {
        message: fillText(B.unblocked, { username: row.username }),
        data: { userId: blockedId, isBlocked: false },
      };
    },

    /** The people the caller blocked, newest block first. */
    async blocked(user: AuthUser): Promise<BlockedPerson[]> {
      const rows = await blocks.blockedBy(db, user.id);
      return rows.map((row) => ({
        id: row.id,
        userName: row.username,
        imageUrl: row.imageUrl,
        blockedAt: row.blockedAt.toISOString(),
      }));
    },

    /** The caller's followers, newest follow first. */
    async followers(user: AuthUser, page: number, pageSize: number): Promise<Follower[]> {
      const rows = await repo.followersPage(db, user.id, { limit: pageSize, offset: (page - 1) * pageSize });
      return rows.map((row) => ({
        id: row.id,
        userName: row.username,
        imageUrl: row.imageUrl,
        thrifterSince: row.createdAt.toISOString(),
        isFollowingBack: row.isFollowingBack,
        // Followers are other people: their homes are answered as city centres.
        ...homeFor(row.latitude, row.longitude, false),
        views: row.views,
        totalFollowers: row.totalFollowers,
        itemsSold: row.itemsSold,
      }));
    },
  };
}
