/**
 * Notification e-mail end to end (docs/product.md §10 "E-mail"): the real app, its durable queue and a real SMTP
 * server (smtp-server, parsed with mailparser). A short NOTIFY_EMAIL_DELAY_MS and a short "hour" keep it quick.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROUTES, apiPath, fillText, messages } from '@rummage/contract';
import { jobs } from '../../../db/schema.js';
import type { TestApp } from '../../../test/app.js';
import { banUser, bearer, createUser, signIn, type TestUser } from '../../../test/factories.js';
import { createProduct } from '../../../test/products.js';
import type { ReceivedMail, TestSmtpServer } from '../../../test/smtp.js';
import { ageAccount, chatApi } from '../../message/chat.fixtures.js';
import {
  DELAY_MS,
  PACE_MS,
  PUBLIC_URL,
  expectNotificationHeaders as expectHeaders,
  startMailingApp,
  until,
} from './email.fixtures.js';
import { EMAIL_JOBS } from './notification-email.js';

const N = messages.notifications;

let t: TestApp;
let smtp: TestSmtpServer;
let chats: ReturnType<typeof chatApi>;

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp());
  chats = chatApi(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

interface Person {
  user: TestUser;
  token: string;
}

async function person(): Promise<Person> {
  const user = await createUser(t.app);
  await ageAccount(t.app, user.id);
  return { user, token: await signIn(t.app, user) };
}

/** A seller with a listing and a buyer. */
async function chat(title = `Lamp ${Math.random().toString(36).slice(2, 7)}`) {
  const seller = await person();
  const buyer = await person();
  const productId = await createProduct(t.app, seller.user.id, { title });
  return { seller, buyer, productId, title };
}

const mailsTo = (user: TestUser) => smtp.to(user.email);
const waitForMails = (user: TestUser, count: number, timeoutMs?: number) =>
  until(
    `${count} e-mail(s) to ${user.email}`,
    () => mailsTo(user).length >= count && mailsTo(user),
    timeoutMs,
  );

/** The e-mail jobs about this person's chats, by state. */
async function emailJobs(receiverId: number) {
  const rows = await t.app.parts.storage.database.db
    .select({ state: jobs.state, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(
      and(eq(jobs.name, EMAIL_JOBS.chat), sql`(${jobs.payload}->>'receiverId')::bigint = ${receiverId}`),
    );
  return rows;
}
/** Every e-mail job about this person has run (and none is waiting). */
const jobsSettled = (receiverId: number) =>
  until('the e-mail jobs to finish', async () => {
    const rows = await emailJobs(receiverId);
    return rows.length > 0 && rows.every((row) => row.state === 'done');
  });

/** The unsubscribe URL's path and query, as the app routes it. */
const localPath = (url: string) => url.replace(PUBLIC_URL, '');

const expectNotificationHeaders = (mail: ReceivedMail) => expectHeaders(mail, PUBLIC_URL);

describe('chat message e-mail', () => {
  it('e-mails an unread message once after the delay: sender, title, text, link, both parts, one-click headers', async () => {
    const { seller, buyer, productId, title } = await chat();
    const sentAt = Date.now();
    await chats.sent(buyer.token, productId, seller.user.id, 'Is this still available? <b>cash</b>');
    const [mail] = await waitForMails(seller.user, 1);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
    const { parsed } = mail!;
    expect(parsed.subject).toBe(fillText(N.emailMessageSubject, { name: buyer.user.username, title }));
    const link = `${PUBLIC_URL}${ROUTES.chat(buyer.user.id, productId)}`;
    const unsubscribe = expectNotificationHeaders(mail!);
    expect(parsed.text).toContain(fillText(N.emailMessageIntro, { name: buyer.user.username, title }));
    expect(parsed.text).toContain('Is this still available? <b>cash</b>');
    expect(parsed.text).toContain(link);
    expect(parsed.text).toContain(unsubscribe);
    expect(parsed.text).toContain(fillText(N.emailFooter, { product: 'Rummage' }));
    const html = String(parsed.html);
    expect(html).toContain('Is this still available? &lt;b&gt;cash&lt;/b&gt;');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain(N.emailUnsubscribe);
    expect(html).not.toContain('<b>cash</b>');
    // The sender gets nothing about their own message.
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(1);
    expect(mailsTo(buyer.user)).toHaveLength(0);
  });

  it('sends nothing when the message is read before the delay', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'Read me quickly');
    expect((await chats.read(seller.token, productId, buyer.user.id)).statusCode).toBe(200);
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(0);
  });

  it('sends one e-mail per chat per hour: later messages come in one follow-up after the hour', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'First question');
    const [first] = await waitForMails(seller.user, 1);
    const firstAt = Date.now();
    for (const text of ['Second question', 'Third question', 'Fourth question'])
      await chats.sent(buyer.token, productId, seller.user.id, text);
    // Past the delay of the new messages, still within the hour: nothing more.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 1_500));
    expect(Date.now() - firstAt).toBeLessThan(PACE_MS);
    expect(mailsTo(seller.user)).toHaveLength(1);
    expect(first!.parsed.text).toContain('First question');
    expect(first!.parsed.text).not.toContain('Second question');
    const [, followUp] = await waitForMails(seller.user, 2);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(PACE_MS - 1_500);
    for (const text of ['Second question', 'Third question', 'Fourth question'])
      expect(followUp!.parsed.text).toContain(text);
    expect(followUp!.parsed.text).not.toContain('First question');
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(2);
  });

  it('sends no follow-up when the later messages were read within the hour', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'Hello');
    await waitForMails(seller.user, 1);
    await chats.sent(buyer.token, productId, seller.user.id, 'Hello again');
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
    await chats.read(seller.token, productId, buyer.user.id);
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(1);
  });

  it('sends nothing to an account deleted before the e-mail is due', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'Do you deliver?');
    await t.app.parts.personalData.accountData.deleteOwn(seller.user.id, seller.user.password);
    await until('the e-mail job to run', async () => {
      const rows = await t.app.parts.storage.database.db
        .select({ state: jobs.state })
        .from(jobs)
        .where(
          and(eq(jobs.name, EMAIL_JOBS.chat), sql`(${jobs.payload}->>'buyerId')::bigint = ${buyer.user.id}`),
        );
      return rows.length > 0 && rows.every((row) => row.state === 'done');
    });
    expect(mailsTo(seller.user)).toHaveLength(0);
  });

  it('sends nothing to an account banned before the e-mail is due', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'Anyone there?');
    await banUser(t.app, seller.user.id);
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it('switches message e-mail off with a POST and no session; GET only asks', async () => {
    const { seller, buyer, productId } = await chat();
    await chats.sent(buyer.token, productId, seller.user.id, 'Can I pick it up today?');
    const [mail] = await waitForMails(seller.user, 1);
    const url = localPath(expectNotificationHeaders(mail!));

    // A link follower (a mail scanner) changes nothing; a browser gets a page with a button that POSTs.
    const asked = await t.app.inject({ method: 'GET', url });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      data: {
        kind: 'messages',
        subscribed: true,
        message: fillText(N.unsubscribeQuestion, { kind: N.kindMessages }),
      },
    });
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<form method="post" action="[^"]+unsubscribe\?token=/);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    const preferences = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: API.notifications.preferences,
          headers: bearer(seller.token),
        })
      ).json().data;
    expect((await preferences()).email.messages).toBe(true);

    // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click`, form-encoded, without any cookie or token.
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ data: { kind: 'messages', subscribed: false, message: N.unsubscribed } });
    const after = await preferences();
    expect(after.email.messages).toBe(false);
    expect(after.email.support).toBe(true);
    expect(after.push.messages).toBe(true);

    // Multipart, as RFC 8058 prefers, works too (and again is harmless).
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // No more e-mail about messages.
    const jobsBefore = (await emailJobs(seller.user.id)).length;
    await chats.sent(buyer.token, productId, seller.user.id, 'Hello? Still there?');
    const other = await person();
    await chats.sent(other.token, productId, seller.user.id, 'I would buy it');
    await until('the new jobs', async () => (await emailJobs(seller.user.id)).length > jobsBefore);
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(1);
  });

  it('refuses a forged or malformed token with a readable 400 and changes nothing', async () => {
    const { seller } = await chat();
    const token = await t.app.parts.notifications.unsubscribeTokens.sign(seller.user.id, 'messages');
    const other = await person();
    const forged = [
      token.replace(/^\d+/, String(other.user.id)), // someone else's id under this signature
      token.replace('.messages.', '.support.'),
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      'nonsense',
      '',
    ];
    for (const bad of forged) {
      const url = `${API.notifications.unsubscribe}?token=${encodeURIComponent(bad)}`;
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(N.unsubscribeInvalid);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `${API.notifications.unsubscribe}?token=nonsense`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(N.unsubscribeInvalid);
    const missing = await t.app.inject({ method: 'POST', url: API.notifications.unsubscribe });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(N.unsubscribeInvalid);
    for (const who of [seller, other]) {
      const preferences = await t.app.inject({
        method: 'GET',
        url: API.notifications.preferences,
        headers: bearer(who.token),
      });
      expect(preferences.json().data.email).toMatchObject({ messages: true, support: true });
    }
  });
});

describe('support answer e-mail', () => {
  it('e-mails an unread staff answer, with the support link and its own unsubscribe kind', async () => {
    const owner = await person();
    const staffToken = await signIn(t.app, await createUser(t.app, { role: 'staff' }));
    const opened = await t.app.inject({
      method: 'POST',
      url: API.support.createTicket,
      headers: bearer(owner.token),
      payload: { subject: 'system-bug', message: 'The map does not load.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().data.id as number;
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.ticketReply, { ticketId }),
      headers: bearer(staffToken),
      payload: { message: 'Try reloading the page, please.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [mail] = await waitForMails(owner.user, 1);
    expect(mail!.parsed.subject).toBe(fillText(N.emailSupportSubject, { product: 'Rummage' }));
    expect(mail!.parsed.text).toContain('Try reloading the page, please.');
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}${ROUTES.support}`);
    expect(mail!.parsed.text).not.toContain('The map does not load.');
    const url = localPath(expectNotificationHeaders(mail!));
    const asked = await t.app.inject({ method: 'GET', url });
    expect(asked.json().data).toMatchObject({ kind: 'support', subscribed: true });

    // An answer the owner reads before the delay is not e-mailed.
    const later = await t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.ticketReply, { ticketId }),
      headers: bearer(staffToken),
      payload: { message: 'Did that help?' },
    });
    expect(later.statusCode, later.body).toBe(200);
    const read = await t.app.inject({
      method: 'POST',
      url: API.support.read,
      headers: bearer(owner.token),
      payload: { ticketId },
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    await until('the support e-mail jobs to run', async () => {
      const rows = await t.app.parts.storage.database.db
        .select({ state: jobs.state })
        .from(jobs)
        .where(
          and(eq(jobs.name, EMAIL_JOBS.support), sql`(${jobs.payload}->>'ticketId')::bigint = ${ticketId}`),
        );
      return rows.length >= 2 && rows.every((row) => row.state === 'done');
    });
    expect(mailsTo(owner.user)).toHaveLength(1);
  });
});

describe('when the SMTP relay is down', () => {
  it('retries the e-mail job and sends once the relay is back; the app answers meanwhile', async () => {
    const { seller, buyer, productId } = await chat();
    await smtp.stop();
    try {
      await chats.sent(buyer.token, productId, seller.user.id, 'Sent while the relay is down');
      const failed = await until('a failed attempt', async () =>
        (await emailJobs(seller.user.id)).find((row) => row.lastError && row.state === 'ready'),
      );
      expect(failed.attempts).toBe(1);
      // Nothing else waits for the relay.
      const started = Date.now();
      const health = await t.app.inject({ method: 'GET', url: API.health.live });
      expect(health.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(mailsTo(seller.user)).toHaveLength(0);
    } finally {
      await smtp.start();
    }
    const [mail] = await waitForMails(seller.user, 1, 20_000);
    expect(mail!.parsed.text).toContain('Sent while the relay is down');
    await jobsSettled(seller.user.id);
    expect(mailsTo(seller.user)).toHaveLength(1);
  });
});
