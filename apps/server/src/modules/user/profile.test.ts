import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, type ProfileDetails } from '@rummage/contract';
import { follows, profileViews, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { profileOf } from '../../test/users.js';

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

const addFollow = (followerId: number, followeeId: number) =>
  t.app.parts.storage.database.db.insert(follows).values({ followerId, followeeId });

describe('GET /api/User/profile-details/{userId}', () => {
  it('answers the profile with its counts; the e-mail only for the owner', async () => {
    const owner = await person();
    const fan = await person();
    const other = await person();
    const staff = await person({ role: 'staff' });
    await createProduct(t.app, owner.user.id, { isSold: true });
    await createProduct(t.app, owner.user.id, { isSold: true, hidden: true });
    await createProduct(t.app, owner.user.id);
    await addFollow(fan.user.id, owner.user.id);
    await addFollow(other.user.id, owner.user.id);
    await addFollow(owner.user.id, fan.user.id);

    const [created] = await t.app.parts.storage.database.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, owner.user.id));
    const visitor = await profileOf(t.app, owner.user.id);
    expect(visitor).toEqual<ProfileDetails>({
      id: owner.user.id,
      userName: owner.user.username,
      email: null,
      address: 'Chicago, IL',
      // Saved at 41.8781, -87.6298: a visitor gets the gazetteer's centre of Chicago (docs/security.md).
      latitude: 41.85003,
      longitude: -87.65005,
      location: 'Chicago, IL',
      views: 1,
      itemsSold: 2,
      followersCount: 2,
      followingCount: 1,
      isFollowedByCurrentUser: false,
      isBlockedByCurrentUser: false,
      thrifterSince: created!.createdAt.toISOString(),
      profilePhotoUrl: null,
      coverPhotoUrl: null,
      // The test factory's people opened their link: everyone sees the badge, nobody the address.
      emailVerified: true,
      isOwner: false,
      language: null,
      reputation: {
        average: null,
        count: 0,
        asSeller: { average: null, count: 0 },
        asBuyer: { average: null, count: 0 },
        deals: 0,
        medianReplyMinutes: null,
      },
    });

    const own = await profileOf(t.app, owner.user.id, bearer(owner.token));
    expect(own).toMatchObject({
      email: owner.user.email,
      isOwner: true,
      isFollowedByCurrentUser: false,
      latitude: 41.8781,
      longitude: -87.6298,
    });
    const asFan = await profileOf(t.app, owner.user.id, bearer(fan.token));
    expect(asFan).toMatchObject({ email: null, isOwner: false, isFollowedByCurrentUser: true });
    const asStaff = await profileOf(t.app, owner.user.id, bearer(staff.token));
    expect(asStaff).toMatchObject({ email: null, isOwner: false });
  });

  it('leaves suspended followers out of the counts', async () => {
    const owner = await person();
    const fan = await person();
    const gone = await person();
    await addFollow(fan.user.id, owner.user.id);
    await addFollow(gone.user.id, owner.user.id);
    await addFollow(owner.user.id, gone.user.id);
    expect(await profileOf(t.app, owner.user.id, bearer(owner.token))).toMatchObject({
      followersCount: 2,
      followingCount: 1,
    });
    await banUser(t.app, gone.user.id);
    expect(await profileOf(t.app, owner.user.id, bearer(owner.token))).toMatchObject({
      followersCount: 1,
      followingCount: 0,
    });
  });

  it('answers 404 for unknown and suspended users (staff still see the latter), 400 for bad ids', async () => {
    const banned = await person();
    const fan = await person();
    const staff = await person({ role: 'staff' });
    await banUser(t.app, banned.user.id);
    const get = (id: number | string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: apiPath(API.user.profileDetails, { userId: id }), headers });

    for (const response of [await get(banned.user.id), await get(banned.user.id, bearer(fan.token))]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: P.notFound });
    }
    const asStaff = await get(banned.user.id, bearer(staff.token));
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json<{ data: ProfileDetails }>().data.userName).toBe(banned.user.username);

    const unknown = await get(98_765_432);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: P.notFound });
    expect((await get('abc')).statusCode).toBe(400);
  });

  it('counts a viewer once an hour; other viewers and visitors by browser count; the owner never does', async () => {
    const owner = await person();
    const fan = await person();
    const id = owner.user.id;
    const views = async (headers: Record<string, string>) => (await profileOf(t.app, id, headers)).views;

    expect(await views(bearer(owner.token))).toBe(0);
    expect(await views({ 'user-agent': 'Browser A' })).toBe(1);
    expect(await views({ 'user-agent': 'Browser A' })).toBe(1);
    expect(await views({ 'user-agent': 'Browser B' })).toBe(2);
    expect(await views(bearer(fan.token))).toBe(3);
    // The same person from another browser is still one viewer.
    expect(await views({ ...bearer(fan.token), 'user-agent': 'Browser B' })).toBe(3);
    expect(await views(bearer(owner.token))).toBe(3);
    const both = await Promise.all([views({ 'user-agent': 'C' }), views({ 'user-agent': 'C' })]);
    expect(Math.max(...both)).toBe(4);
    expect(await views(bearer(owner.token))).toBe(4);

    // An hour later the same visitor counts again.
    await t.app.parts.storage.database.db
      .update(profileViews)
      .set({ viewedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(profileViews.userId, id));
    expect(await views({ 'user-agent': 'Browser A' })).toBe(5);
    const keys = await t.app.parts.storage.database.db
      .select({ key: profileViews.viewerKey })
      .from(profileViews);
    expect(keys.some((row) => row.key.includes('127.0.0.1'))).toBe(false);
    const [row] = await t.app.parts.storage.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profileViews)
      .where(eq(profileViews.userId, id));
    expect(Number(row?.n)).toBe(4);
  });
});

describe('POST /api/User/update-user-details', () => {
  function update(token: string | null, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: API.user.updateUserDetails,
      headers: token ? bearer(token) : {},
      payload,
    });
  }
  const form = (user: TestUser, fields: Record<string, unknown> = {}) => ({
    userId: user.id,
    userName: user.username,
    email: user.email,
    address: 'Austin, TX',
    latitude: 30.2672,
    longitude: -97.7431,
    ...fields,
  });

  it('saves username, e-mail and address, and answers the new profile', async () => {
    const { user, token } = await person();
    const response = await update(
      token,
      form(user, {
        userName: `${user.username}X`,
        email: `NEW-${user.email}`,
        address: '  Austin, TX, USA ',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: ProfileDetails }>();
    expect(body.message).toBe(P.updated);
    expect(body.data).toMatchObject({
      id: user.id,
      userName: `${user.username}X`,
      email: `NEW-${user.email}`,
      address: 'Austin, TX',
      latitude: 30.2672,
      longitude: -97.7431,
      location: 'Austin, TX',
      isOwner: true,
    });
    expect(await profileOf(t.app, user.id, bearer(token))).toMatchObject({
      userName: `${user.username}X`,
      address: 'Austin, TX',
    });
    // The new name signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: API.account.login,
      payload: { userName: `${user.username}X`, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['no username', { userName: '' }, P.usernameRequired, 'userName'],
    ['a username with a space', { userName: 'bad name' }, P.usernameChars, 'userName'],
    ['no e-mail', { email: '' }, P.emailRequired, 'email'],
    ['an e-mail with a space', { email: 'a b@example.test' }, P.emailNoSpaces, 'email'],
    ['an invalid e-mail', { email: 'not-an-email' }, P.emailInvalid, 'email'],
    ['no address', { address: ' ' }, P.addressRequired, 'address'],
    [
      'typed text without a chosen place',
      { latitude: undefined, longitude: undefined },
      P.addressRequired,
      'latitude',
    ],
  ])('refuses %s with 400 and the SPEC message', async (_name, fields, message, field) => {
    const { user, token } = await person();
    const response = await update(token, form(user, fields));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message).toBe(message);
    expect(body.errors[field]).toBe(message);
  });

  it('names the first problem in the form order (username, then e-mail, then address)', async () => {
    const { user, token } = await person();
    const response = await update(token, form(user, { userName: '', email: 'x y', address: '' }));
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message).toBe(P.usernameRequired);
    expect(body.errors).toMatchObject({
      userName: P.usernameRequired,
      email: P.emailNoSpaces,
      address: P.addressRequired,
    });
  });

  it("refuses someone else's username or e-mail in any letter case (409), but not your own", async () => {
    const { user, token } = await person();
    const other = await createUser(t.app, { username: `Taken${Date.now().toString(36)}` });
    const name = await update(token, form(user, { userName: other.username.toLowerCase() }));
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({
      message: messages.register.usernameTaken,
      errors: { userName: messages.register.usernameTaken },
    });
    const email = await update(token, form(user, { email: other.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      message: messages.register.emailTaken,
      errors: { email: messages.register.emailTaken },
    });
    const own = await update(token, form(user, { userName: user.username.toUpperCase() }));
    expect(own.statusCode, own.body).toBe(200);
  });

  it('lets only one of two people racing for a name have it', async () => {
    const first = await person();
    const second = await person();
    const wanted = `race${Date.now().toString(36)}`;
    const answers = await Promise.all([
      update(first.token, form(first.user, { userName: wanted })),
      update(second.token, form(second.user, { userName: wanted.toUpperCase() })),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((response) => response.statusCode === 409)!;
    expect(loser.json<{ message: string }>().message).toBe(messages.register.usernameTaken);
  });

  it("refuses visitors (401) and editing someone else's profile (403)", async () => {
    const { user } = await person();
    const intruder = await person();
    expect((await update(null, form(user))).statusCode).toBe(401);
    const forbidden = await update(intruder.token, form(user, { userName: 'hijacked' }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: P.notYourProfile });
    expect((await profileOf(t.app, user.id)).userName).toBe(user.username);
  });
});
