/**
 * Offers in a person's own data (docs/product.md §18, "Your data"): the export holds the offers they made and were
 * made, and deleting the account ends the open ones while the other side's chat keeps them, from "Deleted user".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, textsFor, type AccountExport, type OfferResponse } from '@rummage/contract';
import { products, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, deleteAccount } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { chatApi } from '../message/chat.fixtures.js';
import { notificationApi, type Person } from '../notification/notification.fixtures.js';

let t: TestApp;
let api: ReturnType<typeof notificationApi>;
let chat: ReturnType<typeof chatApi>;
beforeAll(async () => {
  t = await buildTestApp();
  api = notificationApi(t.app);
  chat = chatApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function post(url: string, who: Person, body: unknown = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<OfferResponse>().data;
}

async function exportOf(who: Person): Promise<AccountExport> {
  const response = await t.app.inject({
    method: 'GET',
    url: API.account.exportData,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountExport>();
}

const deleteAccountOf = (who: Person) => deleteAccount(t.app, who.token, who.password);

const brief = (data: AccountExport) =>
  data.offers.map((offer) => [offer.amount, offer.status, offer.role, offer.madeByMe]);

describe('offers in the account export and deletion', () => {
  it('exports each side its offers (the too-low ones to the buyer alone) and the seller their lowest', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const productId = await createProduct(t.app, seller.id, { price: 100 });
    await t.app.parts.storage.database.db
      .update(products)
      .set({ minimumOffer: 30 })
      .where(eq(products.id, productId));
    await post(API.offer.root, buyer, { productId, amount: 20 });
    // The too-low offer opened a chat with nothing in it: the seller's export does not tell of it either.
    expect((await exportOf(seller)).chats).toEqual([]);
    const made = await post(API.offer.root, buyer, { productId, amount: 50 });
    await post(apiPath(API.offer.counter, { id: made.id }), seller, { amount: 60 });

    const buyers = await exportOf(buyer);
    expect(brief(buyers)).toEqual([
      [20, 'declined', 'buyer', true],
      [50, 'countered', 'buyer', true],
      [60, 'pending', 'buyer', false],
    ]);
    expect(buyers.offers[0]).toMatchObject({ productId, otherUserId: seller.id });
    const sellers = await exportOf(seller);
    expect(brief(sellers)).toEqual([
      [50, 'countered', 'seller', false],
      [60, 'pending', 'seller', true],
    ]);
    expect(sellers.listings.find((listing) => listing.id === productId)?.minimumOffer).toBe(30);
    expect(JSON.stringify(buyers)).not.toContain('minimumOffer":30');
  });

  it('ends the open offers with the account; the other side keeps them in the chat, from "Deleted user"', async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    const [desk, lamp] = await Promise.all([
      createProduct(t.app, seller.id, { price: 100 }),
      createProduct(t.app, seller.id, { price: 100 }),
    ]);
    const deskOffer = await post(API.offer.root, buyer, { productId: desk, amount: 50 });
    const counter = await post(apiPath(API.offer.counter, { id: deskOffer.id }), seller, { amount: 70 });
    const lampOffer = await post(API.offer.root, buyer, { productId: lamp, amount: 40 });
    const titles = async () => (await api.listOf(seller)).data.map((entry) => entry.title);
    expect((await titles()).filter((title) => title.startsWith(`${buyer.username} offered`))).toHaveLength(2);

    await deleteAccountOf(buyer);

    // The seller's counter-offer was made to someone who is gone: it expired. The buyer's own offer is withdrawn.
    const history = await chat.historyOf(seller.token, desk, buyer.id);
    expect(history.data.map((row) => [row.userName, row.offer])).toEqual([
      [messages.chat.deletedUser, { id: deskOffer.id, amount: 50, status: 'countered' }],
      [seller.username, { id: counter.id, amount: 70, status: 'expired' }],
    ]);
    const lampHistory = await chat.historyOf(seller.token, lamp, buyer.id);
    expect(lampHistory.data.map((row) => row.offer)).toEqual([
      { id: lampOffer.id, amount: 40, status: 'withdrawn' },
    ]);
    expect(brief(await exportOf(seller))).toEqual([
      [50, 'countered', 'seller', false],
      [70, 'expired', 'seller', true],
      [40, 'withdrawn', 'seller', false],
    ]);
    // The seller's bell (and any e-mail of it still to go, which reads the entry) names nobody any more.
    const after = await titles();
    expect(after.filter((title) => title.includes(buyer.username))).toEqual([]);
    expect(after.filter((title) => title.startsWith(`${messages.chat.deletedUser} offered`))).toHaveLength(2);
  });

  it("names a deleted person in the reader's own language in the notices left behind", async () => {
    const [seller, buyer] = await Promise.all([api.person(), api.person()]);
    await t.app.parts.storage.database.db
      .update(users)
      .set({ language: 'de' })
      .where(eq(users.id, seller.id));
    const desk = await createProduct(t.app, seller.id, { price: 100 });
    await post(API.offer.root, buyer, { productId: desk, amount: 50 });
    const titles = async () => (await api.listOf(seller)).data.map((entry) => entry.title);
    expect(await titles()).toEqual([expect.stringMatching(new RegExp(`^${buyer.username} bietet`))]);

    await deleteAccountOf(buyer);
    expect(await titles()).toEqual([
      expect.stringMatching(new RegExp(`^${textsFor('de').notifications.deletedUser} bietet`)),
    ]);
  });
});
