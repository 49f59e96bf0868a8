/**
 * Notification e-mail end to end (docs/product.md §10 "E-mail"): the real app, its durable queue and a real SMTP
 * server (smtp-server, parsed with mailparser). A short NOTIFY_EMAIL_DELAY_MS and a short "hour" keep it quick.
 * Here: when a chat message is e-mailed, and how often, and a relay that is down. Unsubscribing and the support
 * answer's e-mail are in email-unsubscribe.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, ROUTES, apiPath, fillText, messages } from '@rummage/contract';
import { heldMessages, jobs } from '../../../db/schema.js';
import { banUser, createUser, signIn } from '../../../test/factories.js';
import { DELAY_MS, PACE_MS, PUBLIC_URL, until, useMailingApp } from './email.fixtures.js';
import { EMAIL_JOBS } from './notification-email.js';

const N = messages.notifications;
const m = useMailingApp();

describe('chat message e-mail', () => {
  it('e-mails an unread message once after the delay: sender, title, text, link, both parts, one-click headers', async () => {
    const { seller, buyer, productId, title } = await m.chat();
    const sentAt = Date.now();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Is this still available? <b>cash</b>');
    const [mail] = await m.waitForMails(seller.user, 1);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
    const { parsed } = mail!;
    expect(parsed.subject).toBe(fillText(N.emailMessageSubject, { name: buyer.user.username, title }));
    const link = `${PUBLIC_URL}${ROUTES.chat(buyer.user.id, productId)}`;
    const unsubscribe = m.expectNotificationHeaders(mail!);
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
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(1);
    expect(m.mailsTo(buyer.user)).toHaveLength(0);
  });

  it('sends nothing when the message is read before the delay', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Read me quickly');
    expect((await m.chats.read(seller.token, productId, buyer.user.id)).statusCode).toBe(200);
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(0);
  });

  it('sends one e-mail per chat per hour: later messages come in one follow-up after the hour', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'First question');
    const [first] = await m.waitForMails(seller.user, 1);
    const firstAt = Date.now();
    for (const text of ['Second question', 'Third question', 'Fourth question'])
      await m.chats.sent(buyer.token, productId, seller.user.id, text);
    // Past the delay of the new messages, still within the hour: nothing more.
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 1_500));
    expect(Date.now() - firstAt).toBeLessThan(PACE_MS);
    expect(m.mailsTo(seller.user)).toHaveLength(1);
    expect(first!.parsed.text).toContain('First question');
    expect(first!.parsed.text).not.toContain('Second question');
    const [, followUp] = await m.waitForMails(seller.user, 2);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(PACE_MS - 1_500);
    for (const text of ['Second question', 'Third question', 'Fourth question'])
      expect(followUp!.parsed.text).toContain(text);
    expect(followUp!.parsed.text).not.toContain('First question');
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(2);
  });

  it('e-mails a held message staff release after the thread was e-mailed, in the follow-up', async () => {
    const { seller, productId } = await m.chat();
    // A new account's near-certain spam waits for staff (docs/product.md §16); its next message goes through.
    const newcomer = await createUser(m.t.app);
    const token = await signIn(m.t.app, newcomer);
    const held = 'Is this still available? kindly text me on whatsapp +1 (318) 555-0199 for more details';
    await m.chats.sent(token, productId, seller.user.id, held);
    await m.chats.sent(token, productId, seller.user.id, 'Hello, are you there?');
    const [first] = await m.waitForMails(seller.user, 1);
    expect(first!.parsed.text).toContain('Hello, are you there?');
    expect(first!.parsed.text).not.toContain('whatsapp');

    const staff = await createUser(m.t.app, { role: 'staff' });
    const staffToken = await signIn(m.t.app, staff);
    const [waiting] = await m.t.app.parts.storage.database.db
      .select({ id: heldMessages.id })
      .from(heldMessages)
      .where(eq(heldMessages.senderId, newcomer.id));
    const released = await m.t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.releaseHeldMessage, { heldMessageId: waiting!.id }),
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(released.statusCode, released.body).toBe(200);
    // Written before the first e-mail, delivered after it: the follow-up carries it.
    const [, followUp] = await m.waitForMails(seller.user, 2);
    expect(followUp!.parsed.text).toContain('whatsapp');
    expect(followUp!.parsed.text).not.toContain('Hello, are you there?');
  });

  it('sends no follow-up when the later messages were read within the hour', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Hello');
    await m.waitForMails(seller.user, 1);
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Hello again');
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
    await m.chats.read(seller.token, productId, buyer.user.id);
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(1);
  });

  it('sends nothing to an account deleted before the e-mail is due', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Do you deliver?');
    await m.t.app.parts.personalData.accountData.deleteOwn(seller.user.id, seller.user.password);
    await until('the e-mail job to run', async () => {
      const rows = await m.t.app.parts.storage.database.db
        .select({ state: jobs.state })
        .from(jobs)
        .where(
          and(eq(jobs.name, EMAIL_JOBS.chat), sql`(${jobs.payload}->>'buyerId')::bigint = ${buyer.user.id}`),
        );
      return rows.length > 0 && rows.every((row) => row.state === 'done');
    });
    expect(m.mailsTo(seller.user)).toHaveLength(0);
  });

  it('sends nothing to an account banned before the e-mail is due', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Anyone there?');
    await banUser(m.t.app, seller.user.id);
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(0);
  });
});

describe('when the SMTP relay is down', () => {
  it('retries the e-mail job and sends once the relay is back; the app answers meanwhile', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.smtp.stop();
    try {
      await m.chats.sent(buyer.token, productId, seller.user.id, 'Sent while the relay is down');
      const failed = await until('a failed attempt', async () =>
        (await m.emailJobs(seller.user.id)).find((row) => row.lastError && row.state === 'ready'),
      );
      expect(failed.attempts).toBe(1);
      // Nothing else waits for the relay.
      const started = Date.now();
      const health = await m.t.app.inject({ method: 'GET', url: API.health.live });
      expect(health.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(m.mailsTo(seller.user)).toHaveLength(0);
    } finally {
      await m.smtp.start();
    }
    const [mail] = await m.waitForMails(seller.user, 1, 20_000);
    expect(mail!.parsed.text).toContain('Sent while the relay is down');
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(1);
  });
});
