/**
 * A person's own data, through the API on the real database: the export file holds what they made, and deleting
 * the account removes it (rows and photo files) while the other side's chats keep answering, from "Deleted user".
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiPath,
  messages,
  type AccountExport,
  type ModerationLogResponse,
  type ProductDetail,
} from '@rummage/contract';
import { moderationLog, sessions } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createGarageSale } from '../../test/garages.js';
import { filesUnder, image, listingFields, multipart, png } from '../../test/products.js';
import { ageAccount, chatApi } from '../message/chat.fixtures.js';

const D = messages.accountData;
const deletedUser = messages.chat.deletedUser;
let t: TestApp;
let chat: ReturnType<typeof chatApi>;
let uploadsDir: string;

interface Person extends TestUser {
  token: string;
}
async function person(fields: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.app, fields);
  await ageAccount(t.app, user.id);
  return { ...user, token: await signIn(t.app, user) };
}

beforeAll(async () => {
  t = await buildTestApp();
  chat = chatApi(t.app);
  uploadsDir = join(t.config.dataDir, 'uploads');
});
afterAll(async () => {
  await t?.close();
});

const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

/** A listing with one real photo, uploaded as the web app does (files land in DATA_DIR/uploads). */
async function listWithPhoto(seller: Person, title: string): Promise<ProductDetail> {
  const body = multipart([...listingFields({ Title: title }), image(await png())]);
  const response = await t.app.inject({
    method: 'POST',
    url: API.product.add,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(seller.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ProductDetail }>().data;
}

function exportOf(token: string) {
  return t.app.inject({ method: 'GET', url: API.account.exportData, headers: bearer(token) });
}

function deleteAccount(token: string, password: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: API.account.delete,
    headers: json(token),
    payload: JSON.stringify({ password }),
  });
}

async function follow(who: Person, userId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: apiPath(API.user.followUnfollow, { userId }),
    headers: json(who.token),
    payload: JSON.stringify({ follow: true }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function like(who: Person, productId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: apiPath(API.product.likeUnlike, { id: productId }),
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const uploadedFiles = (listing: ProductDetail) =>
  listing.images.map((url) => join(uploadsDir, url.replace(/^\/uploads\//, '')));

describe('GET /api/Account/export', () => {
  it('answers a JSON file with the profile, listings and photos, sales, likes, follows, chats and tickets', async () => {
    const seller = await person();
    const buyer = await person();
    const listing = await listWithPhoto(seller, 'Export me bookshelf');
    const saleId = await createGarageSale(t.app, seller.id, { title: 'Porch sale, Chicago, IL' });
    await like(seller, listing.id);
    await follow(seller, buyer.id);
    await follow(buyer, seller.id);
    await chat.sent(buyer.token, listing.id, seller.id, 'Is the shelf still there?');
    await chat.sent(seller.token, listing.id, buyer.id, 'Yes it is.');
    await t.app.parts.messaging.support.createTicket(
      { id: seller.id, username: seller.username, role: 'user' },
      { subject: 'system-bug', message: 'The map is blank.' },
    );

    const response = await exportOf(seller.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="rummage-${seller.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.json<AccountExport>();
    expect(data.profile).toMatchObject({ id: seller.id, username: seller.username, email: seller.email });
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({ id: listing.id, title: 'Export me bookshelf' });
    expect(data.listings[0]?.photos.map((photo) => photo.url)).toEqual(listing.images);
    expect(data.garageSales.map((sale) => sale.id)).toEqual([saleId]);
    expect(data.likes.map((entry) => entry.productId)).toEqual([listing.id]);
    expect(data.following).toEqual([expect.objectContaining({ userId: buyer.id, userName: buyer.username })]);
    expect(data.followers).toEqual([expect.objectContaining({ userId: buyer.id, userName: buyer.username })]);
    expect(data.chats).toEqual([
      expect.objectContaining({
        productId: listing.id,
        role: 'seller',
        otherUserId: buyer.id,
        messages: [
          expect.objectContaining({
            fromMe: false,
            userName: buyer.username,
            text: 'Is the shelf still there?',
          }),
          expect.objectContaining({ fromMe: true, userName: seller.username, text: 'Yes it is.' }),
        ],
      }),
    ]);
    expect(data.supportTickets).toEqual([
      expect.objectContaining({
        subject: 'system-bug',
        messages: [expect.objectContaining({ fromMe: true, text: 'The map is blank.' })],
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // The buyer's file holds the buyer's side only: none of the seller's listings.
    const other = (await exportOf(buyer.token)).json<AccountExport>();
    expect(other.listings).toEqual([]);
    expect(other.chats[0]).toMatchObject({ role: 'buyer', otherUserId: seller.id });
  });

  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'GET', url: API.account.exportData });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/Account', () => {
  it('refuses a wrong or missing password and keeps everything', async () => {
    const someone = await person();
    const listing = await listWithPhoto(someone, 'Still here lamp');
    const wrong = await deleteAccount(someone.token, 'Not-the-password1!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: D.wrongPassword, errors: { password: D.wrongPassword } });
    const missing = await deleteAccount(someone.token, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(D.passwordRequired);
    const still = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: listing.id }) });
    expect(still.statusCode).toBe(200);
    expect((await exportOf(someone.token)).statusCode).toBe(200);
  });

  it('removes the account, its listings with their photo files, sales, likes, follows and sessions; chats stay for the other side', async () => {
    const seller = await person();
    const buyer = await person();
    const listing = await listWithPhoto(seller, 'Going away armchair');
    const files = uploadedFiles(listing);
    expect(filesUnder(uploadsDir)).toEqual(expect.arrayContaining(files));
    await createGarageSale(t.app, seller.id);
    await follow(buyer, seller.id);
    await chat.sent(buyer.token, listing.id, seller.id, 'Can I pick it up today?');
    await chat.sent(seller.token, listing.id, buyer.id, 'Sure, after six.');
    const secondDevice = await signIn(t.app, seller);
    const ended: Array<{ userId: number; reason: string }> = [];
    const unsubscribe = t.app.parts.events.on('session.ended', (event) => void ended.push(event));

    const response = await deleteAccount(seller.token, seller.password);
    unsubscribe();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: D.deleted });
    expect(ended).toEqual([{ userId: seller.id, reason: 'accountDeleted' }]);

    // Signed out everywhere, profile and listing gone, photo files removed.
    for (const token of [seller.token, secondDevice]) {
      const me = await t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const db = t.app.parts.storage.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.userId, seller.id))).toEqual([]);
    const profile = await t.app.inject({
      method: 'GET',
      url: apiPath(API.user.profileDetails, { userId: seller.id }),
    });
    expect(profile.statusCode).toBe(404);
    const product = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: listing.id }) });
    expect(product.statusCode).toBe(404);
    const sales = await t.app.inject({
      method: 'GET',
      url: apiPath(API.garageSale.byUser, { userId: seller.id }),
    });
    expect(sales.json<{ data?: unknown[] }>().data ?? []).toEqual([]);
    for (const file of files) expect(filesUnder(uploadsDir)).not.toContain(file);
    const buyerData = (await exportOf(buyer.token)).json<AccountExport>();
    expect(buyerData.following).toEqual([]);

    // The buyer's chat still lists and answers, naming the listing as it was and the seller as "Deleted user".
    const rooms = await chat.rooms(buyer.token);
    expect(rooms).toEqual([
      expect.objectContaining({
        productId: listing.id,
        productTitle: 'Going away armchair',
        productPrice: 45.5,
        otherUserId: seller.id,
        otherUserName: deletedUser,
      }),
    ]);
    const history = await chat.historyOf(buyer.token, listing.id, seller.id);
    expect(history.data.map((m) => [m.userName, m.message])).toEqual([
      [buyer.username, 'Can I pick it up today?'],
      [deletedUser, 'Sure, after six.'],
    ]);
    const header = await chat.headerOf(buyer.token, listing.id, seller.id);
    expect(header).toMatchObject({ userName: deletedUser, productName: 'Going away armchair', isSold: true });
    // Nobody is there to answer: sending is refused with the chat's own text.
    const send = await chat.send(buyer.token, listing.id, seller.id, 'Hello?');
    expect(send.statusCode).toBe(404);
    expect(send.json<{ message: string }>().message).toBe(messages.chat.productNotFound);
  });

  it("keeps a buyer's messages in the seller's chat when the buyer deletes their account", async () => {
    const seller = await person();
    const buyer = await person();
    const listing = await listWithPhoto(seller, 'Sturdy desk');
    await chat.sent(buyer.token, listing.id, seller.id, 'Does it fold?');
    expect((await deleteAccount(buyer.token, buyer.password)).statusCode).toBe(200);

    const rooms = await chat.rooms(seller.token);
    expect(rooms).toEqual([expect.objectContaining({ otherUserId: buyer.id, otherUserName: deletedUser })]);
    const history = await chat.historyOf(seller.token, listing.id, buyer.id);
    expect(history.data.map((m) => [m.userId, m.userName, m.message])).toEqual([
      [buyer.id, deletedUser, 'Does it fold?'],
    ]);
    const reply = await chat.send(seller.token, listing.id, buyer.id, 'It does.');
    expect(reply.statusCode).toBe(404);
    expect(reply.json<{ message: string }>().message).toBe(messages.chat.userNotFound);
  });
});

describe('DELETE /api/Product/{id}', () => {
  it('no longer deletes the chats about the listing', async () => {
    const seller = await person();
    const buyer = await person();
    const listing = await listWithPhoto(seller, 'Blue bicycle');
    await chat.sent(buyer.token, listing.id, seller.id, 'What size is the frame?');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API.product.item, { id: listing.id }),
      headers: json(seller.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const [reader, other] of [
      [buyer, seller],
      [seller, buyer],
    ] as const) {
      expect(await chat.rooms(reader.token)).toEqual([
        expect.objectContaining({
          productId: listing.id,
          productTitle: 'Blue bicycle',
          otherUserId: other.id,
        }),
      ]);
      const history = await chat.historyOf(reader.token, listing.id, other.id);
      expect(history.data.map((m) => m.message)).toEqual(['What size is the frame?']);
    }
  });
});

describe('POST /api/Staff/users/{userId}/delete-account', () => {
  const staffDelete = (token: string, userId: number, reason: unknown) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.deleteUser, { userId }),
      headers: json(token),
      payload: JSON.stringify({ reason }),
    });

  it('deletes the account and writes the moderation log; staff accounts and oneself are refused', async () => {
    const staff = await person({ role: 'staff' });
    const otherStaff = await person({ role: 'staff' });
    const target = await person();
    const listing = await listWithPhoto(target, 'Spam listing');

    expect((await staffDelete(target.token, otherStaff.id, 'no')).statusCode).toBe(403);
    const self = await staffDelete(staff.token, staff.id, 'testing');
    expect(self.statusCode).toBe(403);
    expect(self.json<{ message: string }>().message).toBe(D.cannotDeleteSelf);
    const colleague = await staffDelete(staff.token, otherStaff.id, 'testing');
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json<{ message: string }>().message).toBe(D.cannotDeleteStaff);
    expect((await staffDelete(staff.token, target.id, '')).statusCode).toBe(400);

    const response = await staffDelete(staff.token, target.id, 'Spam account');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: D.staffDeleted });
    const me = await t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(target.token) });
    expect(me.statusCode).toBe(401);
    const product = await t.app.inject({ method: 'GET', url: apiPath(API.product.item, { id: listing.id }) });
    expect(product.statusCode).toBe(404);
    expect((await staffDelete(staff.token, target.id, 'again')).statusCode).toBe(404);

    const log = await t.app.inject({
      method: 'GET',
      url: API.staff.moderationLog,
      headers: bearer(staff.token),
    });
    const entry = log.json<ModerationLogResponse>().data.find((row) => row.action === 'delete-account');
    expect(entry).toMatchObject({
      actor: { id: staff.id, username: staff.username },
      reason: `@${target.username} (#${target.id}): Spam account`,
    });
    const rows = await t.app.parts.storage.database.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.action, 'delete-account'));
    expect(rows).toHaveLength(1);
  });
});
