import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fillText, messages, PAGE_SIZE, type FollowResponse } from '@rummage/contract';
import { follows, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { follow, followersOf, followRequest, profileOf } from '../../test/users.js';

const P = messages.profile;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function person(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.app, fields);
  return { user, token: await signIn(t.app, user) };
}

const followRows = async (followeeId: number, followerId?: number) => {
  const [row] = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(follows)
    .where(
      and(
        eq(follows.followeeId, followeeId),
        followerId === undefined ? undefined : eq(follows.followerId, followerId),
      ),
    );
  return Number(row?.n);
};

describe('POST /api/User/follow-unfollow/{userId}', () => {
  it('toggles with an empty body and answers the real count; profiles show it', async () => {
    const seller = await person();
    const fan = await person();
    const first = await followRequest(t.app, fan.token, seller.user.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<FollowResponse>()).toEqual({
      message: fillText(P.followed, { username: seller.user.username }),
      data: { userId: seller.user.id, isFollowing: true, followersCount: 1 },
    });
    expect(await profileOf(t.app, seller.user.id, bearer(fan.token))).toMatchObject({
      isFollowedByCurrentUser: true,
      followersCount: 1,
    });
    expect((await profileOf(t.app, fan.user.id, bearer(fan.token))).followingCount).toBe(1);

    const second = await followRequest(t.app, fan.token, seller.user.id);
    expect(second.json<FollowResponse>()).toEqual({
      message: fillText(P.unfollowed, { username: seller.user.username }),
      data: { userId: seller.user.id, isFollowing: false, followersCount: 0 },
    });
    expect(await profileOf(t.app, seller.user.id, bearer(fan.token))).toMatchObject({
      isFollowedByCurrentUser: false,
      followersCount: 0,
    });
  });

  it('sets the state with { follow }, accepts no body at all and the SPEC userIdToFollow', async () => {
    const seller = await person();
    const fan = await person();
    const other = await person();
    await follow(t.app, other.token, seller.user.id);
    expect(await follow(t.app, fan.token, seller.user.id, { follow: true })).toMatchObject({
      isFollowing: true,
      followersCount: 2,
    });
    expect(await follow(t.app, fan.token, seller.user.id, { follow: true })).toMatchObject({
      isFollowing: true,
      followersCount: 2,
    });
    expect(await follow(t.app, fan.token, seller.user.id, { follow: false })).toMatchObject({
      isFollowing: false,
      followersCount: 1,
    });
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/User/follow-unfollow/${seller.user.id}`,
      headers: bearer(fan.token),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json<FollowResponse>().data.isFollowing).toBe(true);
    expect(await follow(t.app, fan.token, seller.user.id, { userIdToFollow: seller.user.id })).toMatchObject({
      isFollowing: false,
    });
    const mismatch = await followRequest(t.app, fan.token, seller.user.id, { userIdToFollow: other.user.id });
    expect(mismatch.statusCode).toBe(400);
  });

  it('leaves exactly one follow when the same { follow: true } arrives twice at once', async () => {
    const seller = await person();
    const fan = await person();
    const answers = await Promise.all([
      follow(t.app, fan.token, seller.user.id, { follow: true }),
      follow(t.app, fan.token, seller.user.id, { follow: true }),
    ]);
    for (const answer of answers)
      expect(answer).toEqual({ userId: seller.user.id, isFollowing: true, followersCount: 1 });
    expect(await followRows(seller.user.id, fan.user.id)).toBe(1);
  });

  it('keeps simultaneous toggles consistent: each flips what the previous one left', async () => {
    const seller = await person();
    const fan = await person();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => follow(t.app, fan.token, seller.user.id)),
    );
    expect(answers.filter((answer) => answer.isFollowing)).toHaveLength(2);
    for (const answer of answers) expect(answer.followersCount).toBe(answer.isFollowing ? 1 : 0);
    expect(await followRows(seller.user.id)).toBe(0);

    // Different people at once: every follow lands, and the last answer counts them all.
    const fans = await Promise.all(Array.from({ length: 3 }, () => person()));
    const counts = await Promise.all(fans.map((one) => follow(t.app, one.token, seller.user.id)));
    expect(counts.map((answer) => answer.followersCount).sort()).toEqual([1, 2, 3]);
    expect(await followRows(seller.user.id)).toBe(3);
  });

  it('lets two people follow each other at the same moment', async () => {
    const a = await person();
    const b = await person();
    const [ab, ba] = await Promise.all([
      follow(t.app, a.token, b.user.id),
      follow(t.app, b.token, a.user.id),
    ]);
    expect(ab.isFollowing && ba.isFollowing).toBe(true);
    expect(await followRows(a.user.id, b.user.id)).toBe(1);
    expect(await followRows(b.user.id, a.user.id)).toBe(1);
  });

  it('refuses following yourself (400), unknown or suspended people (404), visitors (401), bad ids (400)', async () => {
    const fan = await person();
    const banned = await person();
    await banUser(t.app, banned.user.id);

    const self = await followRequest(t.app, fan.token, fan.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: P.cannotFollowSelf });
    for (const id of [87_654_321, banned.user.id]) {
      const missing = await followRequest(t.app, fan.token, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: P.notFound });
    }
    expect((await followRequest(t.app, null, banned.user.id)).statusCode).toBe(401);
    expect((await followRequest(t.app, fan.token, 'abc')).statusCode).toBe(400);
    expect(await followRows(fan.user.id)).toBe(0);
  });
});

describe('GET /api/User/followers', () => {
  it('pages the caller’s followers newest first, with follow-back state and each card’s counts', async () => {
    const me = await person();
    const fans = await Promise.all(Array.from({ length: 5 }, () => person()));
    const banned = await person();
    const db = t.app.parts.storage.database.db;
    // Followed one minute apart, oldest first; the suspended one followed last.
    const base = Date.now() - 60 * 60 * 1000;
    for (const [index, fan] of [...fans, banned].entries()) {
      await db.insert(follows).values({
        followerId: fan.user.id,
        followeeId: me.user.id,
        createdAt: new Date(base + index * 60_000),
      });
    }
    await banUser(t.app, banned.user.id);
    const newest = fans[4]!;
    const oldest = fans[0]!;
    await follow(t.app, me.token, newest.user.id);
    await follow(t.app, fans[1]!.token, newest.user.id);
    await createProduct(t.app, newest.user.id, { isSold: true });
    await createProduct(t.app, newest.user.id, { isSold: true });
    await createProduct(t.app, newest.user.id);
    await db
      .update(users)
      .set({ views: 7, latitude: 30.2672, longitude: -97.7431 })
      .where(eq(users.id, newest.user.id));
    await db.update(users).set({ latitude: null, longitude: null }).where(eq(users.id, oldest.user.id));

    const first = await followersOf(t.app, me.token, { page: 1, pageSize: 2 });
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(2);
    expect(first.data.map((card) => card.id)).toEqual([fans[4]!.user.id, fans[3]!.user.id]);
    expect(first.data[0]).toEqual({
      id: newest.user.id,
      userName: newest.user.username,
      imageUrl: null,
      thrifterSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isFollowingBack: true,
      // A follower's home is answered as the gazetteer's centre of Austin (docs/security.md).
      latitude: 30.26715,
      longitude: -97.74306,
      location: 'Austin, TX',
      views: 7,
      totalFollowers: 2,
      itemsSold: 2,
    });
    expect(first.data[1]).toMatchObject({ isFollowingBack: false, totalFollowers: 0, itemsSold: 0 });

    const second = await followersOf(t.app, me.token, { page: 2, pageSize: 2 });
    expect(second.data.map((card) => card.id)).toEqual([fans[2]!.user.id, fans[1]!.user.id]);
    const last = await followersOf(t.app, me.token, { page: 3, pageSize: 2 });
    expect(last.data.map((card) => card.id)).toEqual([oldest.user.id]);
    expect(last.data[0]).toMatchObject({ latitude: null, longitude: null, location: null });
    expect((await followersOf(t.app, me.token, { page: 4, pageSize: 2 })).data).toEqual([]);

    const all = await followersOf(t.app, me.token);
    expect(all.pageSize).toBe(PAGE_SIZE.followers);
    expect(all.data).toHaveLength(5);
    expect(all.data.some((card) => card.id === banned.user.id)).toBe(false);
  });

  it('is empty for someone nobody follows; refuses visitors and bad paging', async () => {
    const lonely = await person();
    expect((await followersOf(t.app, lonely.token)).data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: API.user.followers })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: API.user.followers,
      query: { page: '0' },
      headers: bearer(lonely.token),
    });
    expect(bad.statusCode).toBe(400);
    const capped = await followersOf(t.app, lonely.token, { pageSize: 1000 });
    expect(capped.pageSize).toBe(PAGE_SIZE.max);
  });
});

describe('OpenAPI', () => {
  it('documents every User call under the User tag', async () => {
    const response = await t.app.inject({ url: `${API.docs}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const documented = (path: string, method: 'get' | 'post') =>
      doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method]?.tags;
    expect(documented(API.user.profileDetails, 'get')).toEqual(['User']);
    expect(documented(API.user.followers, 'get')).toEqual(['User']);
    for (const path of [
      API.user.uploadProfilePhoto,
      API.user.uploadCoverPhoto,
      API.user.updateUserDetails,
      API.user.followUnfollow,
    ]) {
      expect(documented(path, 'post'), path).toEqual(['User']);
    }
  });
});
