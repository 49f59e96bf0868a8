/**
 * Offers in the notification centre and by e-mail (docs/product.md §18, §10): the person an offer was made to hears
 * of it, its maker hears of the answer, and nothing else is told. The real app, its queue and a real SMTP server.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  NOTIFICATION_TYPES,
  ROUTES,
  apiPath,
  fillText,
  formatPrice,
  messages,
  type Notification,
  type NotificationPreferences,
  type OfferResponse,
} from '@rummage/contract';
import { products } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { notificationApi, type Person } from '../notification/notification.fixtures.js';
import { PUBLIC_URL, useMailingApp } from '../notification/email/email.fixtures.js';

const N = messages.notifications;

const mailing = useMailingApp();
let api: ReturnType<typeof notificationApi>;
beforeAll(() => {
  api = notificationApi(mailing.t.app);
});

async function post(url: string, who: Person, body?: unknown) {
  const response = await mailing.t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    payload: JSON.stringify(body ?? {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<OfferResponse>().data;
}

const offer = (who: Person, productId: number, amount: number) =>
  post(API.offer.root, who, { productId, amount });
const act = (who: Person, id: number, action: 'accept' | 'decline' | 'withdraw') =>
  post(apiPath(API.offer[action], { id }), who);

async function offerEntries(who: Person): Promise<Array<Pick<Notification, 'title' | 'body' | 'link'>>> {
  const list = await api.listOf(who);
  return list.data
    .filter((entry) => entry.type === NOTIFICATION_TYPES.offer)
    .map(({ title, body, link }) => ({ title, body, link }));
}

async function listing(price = 100) {
  const [seller, buyer] = await Promise.all([api.person(), api.person()]);
  const title = `Teak stool ${Math.random().toString(36).slice(2, 8)}`;
  const productId = await createProduct(mailing.t.app, seller.id, { title, price });
  return { seller, buyer, productId, title };
}

describe('offer notifications', () => {
  it('tell the person an offer was made to, and its maker when it was accepted', async () => {
    const { seller, buyer, productId, title } = await listing();
    const first = await offer(buyer, productId, 60);
    expect(await offerEntries(seller)).toEqual([
      {
        title: fillText(N.offerReceivedTitle, { name: buyer.username, amount: formatPrice(60), title }),
        body: N.offerReceivedBody,
        link: ROUTES.chat(buyer.id, productId),
      },
    ]);

    const counter = await post(apiPath(API.offer.counter, { id: first.id }), seller, { amount: 80 });
    expect(await offerEntries(buyer)).toEqual([
      {
        title: fillText(N.offerCounteredTitle, { name: seller.username, amount: formatPrice(80), title }),
        body: N.offerReceivedBody,
        link: ROUTES.chat(seller.id, productId),
      },
    ]);

    await act(buyer, counter.id, 'accept');
    const accepted = {
      title: fillText(N.offerAcceptedTitle, { name: buyer.username, amount: formatPrice(80), title }),
      body: fillText(N.offerAcceptedBodySeller, { name: buyer.username }),
      link: ROUTES.chat(buyer.id, productId),
    };
    // The seller had read nothing: the chat's offer entry now says what happened last.
    expect(await offerEntries(seller)).toEqual([accepted]);
  });

  it('tell a buyer their offer was accepted or declined, and tell nobody of a withdrawn, expired or too low one', async () => {
    const { seller, buyer, productId, title } = await listing();
    const made = await offer(buyer, productId, 55);
    await act(seller, made.id, 'accept');
    // One step, one entry: the acceptance says the listing is reserved; no separate reservation entry.
    expect((await api.listOf(buyer)).data.map((entry) => entry.type)).toEqual([NOTIFICATION_TYPES.offer]);
    expect(await offerEntries(buyer)).toEqual([
      {
        title: fillText(N.offerAcceptedTitle, { name: seller.username, amount: formatPrice(55), title }),
        body: N.offerAcceptedBodyBuyer,
        link: ROUTES.chat(seller.id, productId),
      },
    ]);

    const other = await listing();
    const declined = await offer(other.buyer, other.productId, 20);
    await act(other.seller, declined.id, 'decline');
    expect((await offerEntries(other.buyer)).map((entry) => [entry.title, entry.body])).toEqual([
      [
        fillText(N.offerDeclinedTitle, {
          name: other.seller.username,
          amount: formatPrice(20),
          title: other.title,
        }),
        N.offerDeclinedBody,
      ],
    ]);

    const quiet = await listing();
    await mailing.t.app.parts.storage.database.db
      .update(products)
      .set({ minimumOffer: 50 })
      .where(eq(products.id, quiet.productId));
    expect((await offer(quiet.buyer, quiet.productId, 10)).status).toBe('declined');
    expect(await offerEntries(quiet.seller)).toEqual([]);
    expect(await offerEntries(quiet.buyer)).toEqual([]);

    const withdrawn = await offer(quiet.buyer, quiet.productId, 60);
    const seen = await offerEntries(quiet.seller);
    expect(seen).toHaveLength(1);
    expect((await api.read(quiet.seller, { all: true })).statusCode).toBe(200);
    await act(quiet.buyer, withdrawn.id, 'withdraw');
    const lapsing = await offer(quiet.buyer, quiet.productId, 70);
    // The first was read: the new offer is a new entry.
    expect(await offerEntries(quiet.seller)).toHaveLength(2);
    expect((await api.read(quiet.seller, { all: true })).statusCode).toBe(200);
    await mailing.t.app.parts.listings.offers.lapse({ offerId: lapsing.id });
    expect((await api.listOf(quiet.seller)).unread).toBe(0);
    expect(await offerEntries(quiet.buyer)).toEqual([]);
  });

  it('reads the chat’s offer entry when the chat is read', async () => {
    const { seller, buyer, productId } = await listing();
    await offer(buyer, productId, 40);
    expect((await api.listOf(seller)).unread).toBe(1);
    const read = await mailing.t.app.inject({
      method: 'POST',
      url: API.message.read,
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ productId, senderId: buyer.id }),
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    expect((await api.listOf(seller)).unread).toBe(0);
  });

  it('are e-mailed by the kind "offers", which one click switches off alone', async () => {
    const { seller, buyer, productId, title } = await listing();
    await offer(buyer, productId, 65);
    const [mail] = await mailing.waitForMails(seller, 1);
    const entryTitle = fillText(N.offerReceivedTitle, {
      name: buyer.username,
      amount: formatPrice(65),
      title,
    });
    expect(mail!.parsed.subject).toBe(entryTitle);
    expect(mail!.parsed.text).toContain(fillText(N.emailOffersIntro, { product: 'Rummage' }));
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}${ROUTES.chat(buyer.id, productId)}`);

    const local = mailing.localPath(mailing.expectNotificationHeaders(mail!));
    const asked = await mailing.t.app.inject({ method: 'GET', url: local });
    expect(asked.json().data).toMatchObject({
      kind: 'offers',
      message: fillText(N.unsubscribeQuestion, { kind: N.kindOffers }),
    });
    const posted = await mailing.t.app.inject({
      method: 'POST',
      url: local,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const preferences = await mailing.t.app.inject({
      method: 'GET',
      url: API.notifications.preferences,
      headers: bearer(seller.token),
    });
    const after = preferences.json<{ data: NotificationPreferences }>().data;
    expect(after.email).toMatchObject({ offers: false, messages: true, reservations: true });
    expect(after.push.offers).toBe(true);
  });
});
