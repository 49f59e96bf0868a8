/**
 * Notices by e-mail (docs/product.md §10 "E-mail"): reservations and saved-search matches, whoever makes their
 * entries. The real app, its queue and a real SMTP server; a short delay and a short "hour" keep it quick.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  NOTIFICATION_TYPES,
  ROUTES,
  fillText,
  messages,
  textsFor,
  type EmailUnsubscribeKind,
  type NotificationPreferences,
} from '@rummage/contract';
import { jobs, users } from '../../../db/schema.js';
import type { TestApp } from '../../../test/app.js';
import { banUser, bearer } from '../../../test/factories.js';
import { createProduct } from '../../../test/products.js';
import type { TestSmtpServer } from '../../../test/smtp.js';
import { notificationApi, type Person } from '../notification.fixtures.js';
import {
  DELAY_MS,
  PACE_MS,
  PUBLIC_URL,
  expectNotificationHeaders,
  startMailingApp,
  until,
} from './email.fixtures.js';
import { EMAIL_JOBS } from './notification-email.js';

const N = messages.notifications;

let t: TestApp;
let smtp: TestSmtpServer;
let api: ReturnType<typeof notificationApi>;

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp());
  api = notificationApi(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const json = (who: Person) => ({ ...bearer(who.token), 'content-type': 'application/json' });
const post = (url: string, who: Person, body: unknown) =>
  t.app.inject({ method: 'POST', url, headers: json(who), payload: JSON.stringify(body) });

const mailsTo = (who: Person) => smtp.to(who.email);
const waitForMails = (who: Person, count: number) =>
  until(`${count} e-mail(s) to ${who.email}`, () => mailsTo(who).length >= count && mailsTo(who));
/** Every notice e-mail job about this person has run, and none waits. */
const jobsSettled = (userId: number) =>
  until('the notice e-mail jobs to finish', async () => {
    const rows = await t.app.parts.storage.database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.name, EMAIL_JOBS.notices), sql`(${jobs.payload}->>'userId')::bigint = ${userId}`));
    return rows.length > 0 && rows.every((row) => row.state === 'done');
  });

async function preferencesOf(who: Person): Promise<NotificationPreferences> {
  const response = await t.app.inject({
    method: 'GET',
    url: API.notifications.preferences,
    headers: bearer(who.token),
  });
  return response.json<{ data: NotificationPreferences }>().data;
}

/** A seller's listing, a buyer who asked about it in chat, and the seller reserving it for them. */
async function reservation(options: { before?: (buyer: Person) => Promise<void> } = {}) {
  const [seller, buyer] = await Promise.all([api.person(), api.person()]);
  const title = `Oak chair ${Math.random().toString(36).slice(2, 8)}`;
  const productId = await createProduct(t.app, seller.id, { title });
  const asked = await post(API.message.send, buyer, {
    productId,
    receiverId: seller.id,
    message: 'Still there?',
  });
  expect(asked.statusCode, asked.body).toBeLessThan(300);
  await options.before?.(buyer);
  const reserved = await post(API.product.reserve, seller, { productId, buyerId: buyer.id });
  expect(reserved.statusCode, reserved.body).toBe(200);
  return { seller, buyer, productId, title };
}

let lister: Person | undefined;
/** A saved-search match, made the way the matching job makes it: straight through the centre. */
async function match(who: Person, search: string) {
  const listing = `${search} ${Math.random().toString(36).slice(2, 8)}`;
  lister ??= await api.person();
  const productId = await createProduct(t.app, lister.id, { title: listing });
  const entry = await t.app.parts.notifications.centre.notifyNow(who.id, {
    type: NOTIFICATION_TYPES.savedSearch,
    title: fillText(N.savedSearchTitle, { search }),
    body: listing,
    link: ROUTES.productDetail(productId),
    groupKey: `savedSearch:test:${productId}`,
  });
  expect(entry).toBeDefined();
  return { entry: entry!, listing, link: `${PUBLIC_URL}${ROUTES.productDetail(productId)}`, search };
}

async function unsubscribe(url: string, kind: EmailUnsubscribeKind, name: string) {
  const local = url.replace(PUBLIC_URL, '');
  const asked = await t.app.inject({ method: 'GET', url: local });
  expect(asked.json().data).toEqual({
    kind,
    subscribed: true,
    message: fillText(N.unsubscribeQuestion, { kind: name }),
  });
  const page = await t.app.inject({ method: 'GET', url: local, headers: { accept: 'text/html' } });
  expect(page.body).toContain(fillText(N.unsubscribeQuestion, { kind: name }));
  const posted = await t.app.inject({
    method: 'POST',
    url: local,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(posted.statusCode, posted.body).toBe(200);
  expect(posted.json().data).toMatchObject({ kind, subscribed: false });
}

describe('reservation e-mail', () => {
  it('e-mails the buyer an unread reservation after the delay: its title as subject, its text and chat link', async () => {
    const startedAt = Date.now();
    const { seller, buyer, productId, title } = await reservation();
    const [mail] = await waitForMails(buyer, 1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
    const entryTitle = fillText(N.reservedTitleBuyer, { name: seller.username, title });
    const { parsed } = mail!;
    expect(parsed.subject).toBe(entryTitle);
    expect(parsed.text).toContain(fillText(N.emailReservationsIntro, { product: 'Rummage' }));
    expect(parsed.text).toContain(entryTitle);
    expect(parsed.text).toMatch(/Held until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const chatLink = `${PUBLIC_URL}${ROUTES.chat(seller.id, productId)}`;
    expect(parsed.text).toContain(chatLink);
    expect(parsed.text).toContain(`${N.emailOpenNotifications}: ${PUBLIC_URL}${ROUTES.notifications}`);
    expect(String(parsed.html)).toContain(`href="${chatLink}"`);
    expectNotificationHeaders(mail!, PUBLIC_URL);
    await jobsSettled(buyer.id);
    expect(mailsTo(buyer)).toHaveLength(1);
  });

  it('sends nothing when the buyer reads the notice in the app before the delay', async () => {
    const { buyer } = await reservation();
    const list = await api.listOf(buyer);
    const notice = list.data.find((entry) => entry.type === NOTIFICATION_TYPES.reservation);
    expect(notice).toBeDefined();
    expect((await api.read(buyer, { ids: [notice!.id] })).statusCode).toBe(200);
    await jobsSettled(buyer.id);
    expect(mailsTo(buyer)).toHaveLength(0);
  });

  it('sends nothing to a buyer who switched reservation e-mail off (push stays as chosen)', async () => {
    const { buyer } = await reservation({
      before: async (who) => {
        const current = await preferencesOf(who);
        const saved = await t.app.inject({
          method: 'PUT',
          url: API.notifications.preferences,
          headers: json(who),
          payload: JSON.stringify({ ...current, email: { ...current.email, reservations: false } }),
        });
        expect(saved.statusCode, saved.body).toBe(200);
      },
    });
    await jobsSettled(buyer.id);
    expect(mailsTo(buyer)).toHaveLength(0);
    expect((await api.listOf(buyer)).data.some((entry) => entry.type === 'reservation')).toBe(true);
  });

  it('one-click unsubscribe switches off reservation e-mail only', async () => {
    const { buyer } = await reservation();
    const [mail] = await waitForMails(buyer, 1);
    await unsubscribe(expectNotificationHeaders(mail!, PUBLIC_URL), 'reservations', N.kindReservations);
    const after = await preferencesOf(buyer);
    expect(after.email).toMatchObject({
      reservations: false,
      savedSearches: true,
      messages: true,
      support: true,
    });
    expect(after.push.reservations).toBe(true);
  });
});

describe('in the recipient’s language', () => {
  it('e-mails a buyer who saved German in German, and lists the entry in German to them', async () => {
    const de = textsFor('de').notifications;
    const { seller, buyer, title } = await reservation({
      before: async (who) => {
        await t.app.parts.storage.database.db
          .update(users)
          .set({ language: 'de' })
          .where(eq(users.id, who.id));
      },
    });
    const [mail] = await waitForMails(buyer, 1);
    const entryTitle = fillText(de.reservedTitleBuyer, { name: seller.username, title });
    const { parsed } = mail!;
    expect(parsed.subject).toBe(entryTitle);
    expect(parsed.text).toContain(fillText(de.emailReservationsIntro, { product: 'Rummage' }));
    expect(parsed.text).toContain(entryTitle);
    // "Reserviert bis {until}.": the hold's end, in UTC, after the German words.
    const held = de.reservedBody.split('{until}')[0]!;
    expect(parsed.text).toMatch(new RegExp(`${held}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
    expect(parsed.text).toContain(`${de.emailOpenNotifications}: ${PUBLIC_URL}${ROUTES.notifications}`);
    expect(parsed.text).toContain(fillText(de.emailFooter, { product: 'Rummage' }));
    expect(parsed.text).toContain(`${de.emailUnsubscribe}: `);
    expect(String(parsed.html)).toContain(de.emailUnsubscribe);
    expect(parsed.text).not.toContain(N.emailOpenNotifications);

    // The list says the same entry in the reader's saved language, whatever their browser sends.
    const listed = await t.app.inject({
      url: API.notifications.list,
      headers: { ...bearer(buyer.token), 'accept-language': 'es' },
    });
    const entry = listed
      .json<{ data: Array<{ type: string; title: string; body: string }> }>()
      .data.find((notice) => notice.type === NOTIFICATION_TYPES.reservation);
    expect(entry?.title).toBe(entryTitle);
    expect(entry?.body.startsWith(held)).toBe(true);

    // The unsubscribe page is in the language of the browser that opens it.
    const link = expectNotificationHeaders(mail!, PUBLIC_URL).replace(PUBLIC_URL, '');
    const page = await t.app.inject({ url: link, headers: { accept: 'text/html', 'accept-language': 'es' } });
    const es = textsFor('es').notifications;
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain(fillText(es.unsubscribeQuestion, { kind: es.kindReservations }));
  });
});

describe('saved-search e-mail', () => {
  it('e-mails a match: the entry title as subject, the listing and its page', async () => {
    const who = await api.person();
    const { listing, link, search } = await match(who, 'Vintage lamp');
    const [mail] = await waitForMails(who, 1);
    const { parsed } = mail!;
    expect(parsed.subject).toBe(fillText(N.savedSearchTitle, { search }));
    expect(parsed.text).toContain(fillText(N.emailSavedSearchesIntro, { product: 'Rummage' }));
    expect(parsed.text).toContain(listing);
    expect(parsed.text).toContain(link);
    expect(String(parsed.html)).toContain(`href="${link}"`);
    expectNotificationHeaders(mail!, PUBLIC_URL);
  });

  it('sends one e-mail an hour: later matches come together in one follow-up listing the still-unread ones', async () => {
    const who = await api.person();
    const first = await match(who, 'Bike');
    await waitForMails(who, 1);
    const firstAt = Date.now();
    const later = [
      await match(who, 'Bike'),
      await match(who, 'Desk'),
      await match(who, 'Rug'),
      await match(who, 'Kettle'),
    ];
    // One of them is read in the app: the follow-up leaves it out.
    const [readOne, ...unread] = later;
    expect((await api.read(who, { ids: [readOne!.entry.id] })).statusCode).toBe(200);
    // Past the delay of the new matches, still within the hour: nothing more.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 1_500));
    expect(Date.now() - firstAt).toBeLessThan(PACE_MS);
    expect(mailsTo(who)).toHaveLength(1);

    const [, followUp] = await waitForMails(who, 2);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(PACE_MS - 1_500);
    const { parsed } = followUp!;
    expect(parsed.subject).toBe(fillText(N.emailSavedSearchesSubjectMany, { count: 3 }));
    for (const { listing, link } of unread) {
      expect(parsed.text).toContain(listing);
      expect(parsed.text).toContain(link);
    }
    expect(parsed.text).not.toContain(readOne!.listing);
    expect(parsed.text).not.toContain(first.listing);
    await jobsSettled(who.id);
    expect(mailsTo(who)).toHaveLength(2);
  });

  it('one-click unsubscribe switches off saved-search e-mail only, and no more come', async () => {
    const who = await api.person();
    await match(who, 'Guitar');
    const [mail] = await waitForMails(who, 1);
    await unsubscribe(expectNotificationHeaders(mail!, PUBLIC_URL), 'savedSearches', N.kindSavedSearches);
    const after = await preferencesOf(who);
    expect(after.email).toMatchObject({
      savedSearches: false,
      reservations: true,
      messages: true,
      support: true,
    });
    expect(after.push.savedSearches).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    await match(who, 'Amp');
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
    await jobsSettled(who.id);
    expect(mailsTo(who)).toHaveLength(1);
  });

  it('sends nothing to an account banned or deleted before the e-mail is due', async () => {
    const banned = await api.person();
    const deleted = await api.person();
    await match(banned, 'Sofa');
    await match(deleted, 'Sofa');
    await t.app.parts.personalData.accountData.deleteOwn(deleted.id, deleted.password);
    await banUser(t.app, banned.id);
    await jobsSettled(banned.id);
    await jobsSettled(deleted.id);
    expect(mailsTo(banned)).toHaveLength(0);
    expect(mailsTo(deleted)).toHaveLength(0);
  });
});
