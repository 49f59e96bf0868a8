import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@rummage/contract';
import { follows, profileViews, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';
import { blockedSql } from './block.repository.js';

export { isFollowing } from '../product/engagement.repository.js';

/*
 * Counts are derived from rows, never kept as counters a race could skew. People whose account is suspended drop
 * out of every count and list at once (and come back if the ban is lifted), so profile, follow answer and
 * followers page always agree.
 */

/** Followers of `userId` who are not suspended. */
const followersCountOf = (userId: SQL | number) =>
  sql<number>`(select count(*)::int from follows f join users fu on fu.id = f.follower_id
    where f.followee_id = ${userId} and fu.banned_at is null)`;

/** People `userId` follows who are not suspended. */
const followingCountOf = (userId: SQL | number) =>
  sql<number>`(select count(*)::int from follows f join users fe on fe.id = f.followee_id
    where f.follower_id = ${userId} and fe.banned_at is null)`;

/** Listings marked sold (sold items stay sold when moderation hides them later). */
const itemsSoldOf = (userId: SQL | number) =>
  sql<number>`(select count(*)::int from products p where p.seller_id = ${userId} and p.is_sold)`;

/** Whether `followerId` follows `followeeId`. */
const followsSql = (followerId: SQL | number, followeeId: SQL | number) =>
  sql<boolean>`exists(select 1 from follows f where f.follower_id = ${followerId} and f.followee_id = ${followeeId})`;

/** The id of the `users` row the outer query is on (the subqueries above alias their own tables). */
const outerUserId = sql`${users.id}`;

export interface ProfileRow {
  id: number;
  username: string;
  email: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  views: number;
  imageUrl: string | null;
  coverPhotoUrl: string | null;
  createdAt: Date;
  bannedAt: Date | null;
  emailVerifiedAt: Date | null;
  language: Locale | null;
  reputationVersion: number;
  itemsSold: number;
  followersCount: number;
  followingCount: number;
  isFollowedByViewer: boolean;
  isBlockedByViewer: boolean;
}

/** One profile with its counts in one query; the service decides who may see it. */
export async function findProfile(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      address: users.address,
      latitude: users.latitude,
      longitude: users.longitude,
      views: users.views,
      imageUrl: users.imageUrl,
      coverPhotoUrl: users.coverPhotoUrl,
      createdAt: users.createdAt,
      bannedAt: users.bannedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      language: users.language,
      reputationVersion: users.reputationVersion,
      itemsSold: itemsSoldOf(outerUserId),
      followersCount: followersCountOf(outerUserId),
      followingCount: followingCountOf(outerUserId),
      isFollowedByViewer: viewerId === null ? sql<boolean>`false` : followsSql(viewerId, outerUserId),
      isBlockedByViewer: viewerId === null ? sql<boolean>`false` : blockedSql(viewerId, outerUserId),
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return (
    row && {
      ...row,
      isFollowedByViewer: Boolean(row.isFollowedByViewer),
      isBlockedByViewer: Boolean(row.isBlockedByViewer),
    }
  );
}

/**
 * Records a look at a profile and answers whether it counts: a first look does, and so does one more than
 * `windowMs` after the last counted one. The upsert's WHERE runs on the row as committed, so two simultaneous
 * looks by one viewer count once.
 */
export async function recordProfileView(
  db: Db,
  id: number,
  viewerKey: string,
  windowMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(profileViews)
    .values({ userId: id, viewerKey, viewedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [profileViews.userId, profileViews.viewerKey],
      set: { viewedAt: sql`excluded.viewed_at` },
      setWhere: sql`${profileViews.viewedAt} <= now() - make_interval(secs => ${windowMs / 1000}::float8)`,
    })
    .returning({ userId: profileViews.userId });
  return rows.length > 0;
}

export async function addProfileView(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ views: sql`${users.views} + 1` })
    .where(eq(users.id, id))
    .returning({ views: users.views });
  return row?.views ?? 0;
}

/**
 * Locks the followee's row until commit. FOR NO KEY UPDATE serializes follow toggles per followee, yet does not
 * conflict with the key-share locks that inserting a follow takes on both users, so two people following each
 * other at the same moment cannot deadlock.
 */
export async function lockFollowee(
  db: Db,
  id: number,
): Promise<{ username: string; bannedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ username: users.username, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  return row;
}

/** The primary key turns a second follow into a no-op. */
export async function addFollow(db: Db, followerId: number, followeeId: number): Promise<void> {
  await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
}

export async function removeFollow(db: Db, followerId: number, followeeId: number): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

export async function countFollowers(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, id), isNull(users.bannedAt)));
  return Number(row?.n ?? 0);
}

export interface FollowerRow {
  id: number;
  username: string;
  imageUrl: string | null;
  createdAt: Date;
  latitude: number | null;
  longitude: number | null;
  views: number;
  isFollowingBack: boolean;
  totalFollowers: number;
  itemsSold: number;
}

/** A page of `id`'s followers, newest follow first, with every card's counts in this one query. */
export async function followersPage(
  db: Db,
  id: number,
  page: { limit: number; offset: number },
): Promise<FollowerRow[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      imageUrl: users.imageUrl,
      createdAt: users.createdAt,
      latitude: users.latitude,
      longitude: users.longitude,
      views: users.views,
      isFollowingBack: followsSql(id, outerUserId),
      totalFollowers: followersCountOf(outerUserId),
      itemsSold: itemsSoldOf(outerUserId),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, id), isNull(users.bannedAt)))
    .orderBy(desc(follows.createdAt), desc(follows.followerId))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, isFollowingBack: Boolean(row.isFollowingBack) }));
}

/** Whether someone other than `id` already uses this username or e-mail, ignoring letter case. */
export async function namesTakenByOthers(db: Db, id: number, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, id),
        or(
          sql`lower(${users.username}) = ${username.toLowerCase()}`,
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
        ),
      ),
    );
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export interface UserDetails {
  username: string;
  email: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Left out: kept as it is; null clears it. */
  language?: Locale | null;
}

/**
 * Answers undefined when the user no longer exists. A new address (not merely new letter case) is unverified
 * from this write on, and the answer says so: it needs a verification link of its own.
 */
export async function updateDetails(
  db: Db,
  id: number,
  details: UserDetails,
): Promise<{ emailChanged: boolean } | undefined> {
  const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
  if (!before) return undefined;
  const emailChanged = before.email.toLowerCase() !== details.email.toLowerCase();
  await db
    .update(users)
    .set({ ...details, ...(emailChanged && { emailVerifiedAt: null }) })
    .where(eq(users.id, id));
  return { emailChanged };
}

export type PhotoColumn = 'imageUrl' | 'coverPhotoUrl';

/** The user's photo addresses, row locked until commit so two uploads replace one another in turn. */
export async function lockPhotos(
  db: Db,
  id: number,
): Promise<{ imageUrl: string | null; coverPhotoUrl: string | null } | undefined> {
  const [row] = await db
    .select({ imageUrl: users.imageUrl, coverPhotoUrl: users.coverPhotoUrl })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  return row;
}

export async function setPhoto(db: Db, id: number, column: PhotoColumn, url: string): Promise<void> {
  await db
    .update(users)
    .set({ [column]: url })
    .where(eq(users.id, id));
}

/** The addresses among `urls` that some user still shows (demo accounts may share pictures). */
export async function photosInUse(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ imageUrl: users.imageUrl, coverPhotoUrl: users.coverPhotoUrl })
    .from(users)
    .where(or(inArray(users.imageUrl, urls), inArray(users.coverPhotoUrl, urls)));
  return new Set(rows.flatMap((row) => [row.imageUrl, row.coverPhotoUrl]).filter((url) => url !== null));
}
