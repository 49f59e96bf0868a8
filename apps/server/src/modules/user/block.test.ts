import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  fillText,
  messages,
  type BlockedPeopleResponse,
  type BlockResponse,
  type FeedResponse,
  type StaffUserDetail,
} from '@rummage/contract';
import { chatMessages, follows, products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { follow, followRequest, profileOf } from '../../test/users.js';
import { chatApi } from '../message/chat.fixtures.js';
import { eventually, notificationApi, type Person } from '../notification/notification.fixtures.js';

// Blocking a person (docs/product.md §11), through the API on PGlite.
const B = messages.blocking;
let t: TestApp;
let people: ReturnType<typeof notificationApi>;
let chat: ReturnType<typeof chatApi>;

beforeAll(async () => {
  t = await buildTestApp();
  people = notificationApi(t.app);
  chat = chatApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const person = () => people.person();

function blockCall(method: 'POST' | 'DELETE', who: Person | null, userId: number | string) {
  return t.app.inject({
    method,
    url: apiPath(API.user.block, { userId }),
    headers: { ...(who ? bearer(who.token) : {}), 'content-type': 'application/json' },
  });
}
async function block(who: Person, userId: number) {
  const response = await blockCall('POST', who, userId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BlockResponse>();
}
async function unblock(who: Person, userId: number) {
  const response = await blockCall('DELETE', who, userId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BlockResponse>();
}
async function blockedOf(who: Person) {
  const response = await t.app.inject({ method: 'GET', url: API.user.blocked, headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BlockedPeopleResponse>().data;
}
async function feedIds(who: Person | null, query: string): Promise<number[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.marketplace.products}?${query}`,
    headers: who ? bearer(who.token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>().data.map((card) => card.id);
}
const storedMessages = async (productId: number) => {
  const rows = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      sql`${chatMessages.conversationId} in (select id from conversations where product_id = ${productId})`,
    );
  return Number(rows[0]?.n);
};

describe('POST/DELETE /api/User/block/{userId}, GET /api/User/blocked', () => {
  it('blocks idempotently, lists the blocked person with name and photo, and unblocks', async () => {
    const [me, pest] = await Promise.all([person(), person()]);
    expect(await block(me, pest.id)).toEqual({
      message: fillText(B.blocked, { username: pest.username }),
      data: { userId: pest.id, isBlocked: true },
    });
    await block(me, pest.id);
    const list = await blockedOf(me);
    expect(list).toEqual([
      { id: pest.id, userName: pest.username, imageUrl: null, blockedAt: expect.any(String) },
    ]);
    expect((await profileOf(t.app, pest.id, bearer(me.token))).isBlockedByCurrentUser).toBe(true);
    // The blocked person is told nothing: their view of the blocker's profile is the same as anyone's.
    expect((await profileOf(t.app, me.id, bearer(pest.token))).isBlockedByCurrentUser).toBe(false);
    expect(await blockedOf(pest)).toEqual([]);

    expect(await unblock(me, pest.id)).toEqual({
      message: fillText(B.unblocked, { username: pest.username }),
      data: { userId: pest.id, isBlocked: false },
    });
    await unblock(me, pest.id);
    expect(await blockedOf(me)).toEqual([]);
  });

  it('refuses blocking yourself (400), an unknown person (404) and visitors (401), each readable', async () => {
    const me = await person();
    const self = await blockCall('POST', me, me.id);
    expect([self.statusCode, self.json().message]).toEqual([400, B.cannotBlockSelf]);
    for (const method of ['POST', 'DELETE'] as const) {
      const unknown = await blockCall(method, me, 987_654_321);
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.profile.notFound]);
      const visitor = await blockCall(method, null, me.id);
      expect([visitor.statusCode, visitor.json().message]).toEqual([401, messages.common.loginRequired]);
    }
    const bad = await blockCall('POST', me, 'abc');
    expect(bad.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: API.user.blocked });
    expect(list.statusCode).toBe(401);
    expect(await blockedOf(me)).toEqual([]);
  });
});

describe('what a block stops', () => {
  it('a blocked buyer cannot message the seller: 403 with the refusal text, nothing stored; unblock restores', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id, { title: 'Walnut desk' });
    await chat.sent(buyer.token, productId, seller.id, 'Is it available?');
    await block(seller, buyer.id);

    const refused = await chat.send(buyer.token, productId, seller.id, 'Hello again?');
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: B.cannotMessage }]);
    expect(await storedMessages(productId)).toBe(1);
    // The blocker's inbox and badge leave the chat out; the buyer's own inbox still has it.
    expect(await chat.rooms(seller.token)).toEqual([]);
    expect((await chat.unread(seller.token)).messages).toBe(0);
    expect((await chat.rooms(buyer.token)).map((room) => room.productId)).toEqual([productId]);
    expect((await chat.headerOf(seller.token, productId, buyer.id)).isBlockedByCurrentUser).toBe(true);
    expect((await chat.headerOf(buyer.token, productId, seller.id)).isBlockedByCurrentUser).toBe(false);

    await unblock(seller, buyer.id);
    expect((await chat.rooms(seller.token)).map((room) => room.otherUserId)).toEqual([buyer.id]);
    await chat.sent(buyer.token, productId, seller.id, 'Hello again?');
    expect(await storedMessages(productId)).toBe(2);
  });

  it('a blocked person cannot follow the blocker, and their follow ends with the block', async () => {
    const [me, fan] = await Promise.all([person(), person()]);
    await follow(t.app, fan.token, me.id);
    await follow(t.app, me.token, fan.id);
    await block(me, fan.id);
    const followRows = await t.app.parts.storage.database.db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, me.id), eq(follows.followerId, fan.id)));
    expect(followRows).toEqual([]);
    // The blocker's own follow is theirs to keep.
    expect((await profileOf(t.app, fan.id, bearer(me.token))).isFollowedByCurrentUser).toBe(true);

    const refused = await followRequest(t.app, fan.token, me.id);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: B.cannotFollow }]);
    expect((await profileOf(t.app, me.id)).followersCount).toBe(0);

    await unblock(me, fan.id);
    expect((await follow(t.app, fan.token, me.id)).isFollowing).toBe(true);
  });

  it("the blocker's feed leaves out the blocked seller's listings; visitors, others and staff still see them", async () => {
    const [me, seller, other] = await Promise.all([person(), person(), person()]);
    const word = `zyxblock${seller.id}`;
    const listing = await createProduct(t.app, seller.id, { title: `Teak ${word} chair` });
    const mine = await createProduct(t.app, other.id, { title: `Pine ${word} shelf` });
    const search = `search=${word}&pageSize=10`;
    const near = `latitude=41.8781&longitude=-87.6298&radiusKm=50&pageSize=50`;
    expect((await feedIds(me, search)).sort()).toEqual([listing, mine].sort());

    await block(me, seller.id);
    expect(await feedIds(me, search)).toEqual([mine]);
    expect(await feedIds(me, 'pageSize=50')).not.toContain(listing);
    expect(await feedIds(me, near)).not.toContain(listing);
    expect(await feedIds(other, search)).toContain(listing);
    expect(await feedIds(null, search)).toContain(listing);
    expect(await feedIds(null, 'pageSize=50')).toContain(listing);

    // Staff who block someone still see everything of theirs in the console.
    const staffUser = await createUser(t.app, { role: 'staff' });
    const staff = { ...staffUser, token: await signIn(t.app, staffUser) };
    await block(staff, seller.id);
    const detail = await t.app.inject({
      method: 'GET',
      url: apiPath(API.staff.user, { userId: seller.id }),
      headers: bearer(staff.token),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ data: StaffUserDetail }>().data.listings.map((row) => row.id)).toContain(listing);

    await unblock(me, seller.id);
    expect((await feedIds(me, search)).sort()).toEqual([listing, mine].sort());
  });

  it('a seller the buyer blocked cannot reserve for them: 403 with the text, no hold, no notice; unblock restores', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const productId = await createProduct(t.app, seller.id, { title: 'Oak desk' });
    await chat.sent(buyer.token, productId, seller.id, 'Is the desk still there?');
    await block(buyer, seller.id);
    const reserve = () =>
      t.app.inject({
        method: 'POST',
        url: API.product.reserve,
        headers: bearer(seller.token),
        payload: { productId, buyerId: buyer.id },
      });
    // Renamed and reserved again, as a pest would to put a title of their choice into the buyer's bell.
    for (let round = 0; round < 2; round++) {
      const refused = await reserve();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: B.cannotReserve });
    }
    const [row] = await t.app.parts.storage.database.db
      .select()
      .from(products)
      .where(eq(products.id, productId));
    expect(row).toMatchObject({ reservedForId: null, reservedUntil: null });
    expect((await people.listOf(buyer)).data).toEqual([]);

    await unblock(buyer, seller.id);
    expect((await reserve()).statusCode).toBe(200);
    const told = await eventually(
      () => people.listOf(buyer),
      (answer) => answer.data.length > 0,
    );
    expect(told.data.map((entry) => entry.type)).toEqual(['reservation']);
  });

  it("a blocked person's like tells the seller nothing; another person's still does", async () => {
    const [seller, pest, friend] = await Promise.all([person(), person(), person()]);
    const productId = await createProduct(t.app, seller.id, { title: 'Green lamp' });
    await block(seller, pest.id);
    const like = (who: Person) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(API.product.likeUnlike, { id: productId }),
        headers: { ...bearer(who.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ like: true }),
      });
    expect((await like(pest)).statusCode).toBe(200);
    expect((await like(friend)).statusCode).toBe(200);
    const list = await eventually(
      () => people.listOf(seller),
      (answer) => answer.data.length > 0,
    );
    expect(list.data.map((entry) => entry.title)).toEqual([
      fillText(messages.notifications.likeTitleOne, { name: friend.username, title: 'Green lamp' }),
    ]);
  });
});
