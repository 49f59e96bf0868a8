/**
 * Notification e-mail end to end, as notification-email.test.ts: the one-click unsubscribe link every e-mail carries
 * (RFC 8058), and the support answer's e-mail with its own unsubscribe kind.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API, ROUTES, apiPath, fillText, messages } from '@rummage/contract';
import { jobs } from '../../../db/schema.js';
import { bearer, createUser, signIn } from '../../../test/factories.js';
import { PUBLIC_URL, until, useMailingApp } from './email.fixtures.js';
import { EMAIL_JOBS } from './notification-email.js';

const N = messages.notifications;
const m = useMailingApp();

describe('one-click unsubscribe', () => {
  it('switches message e-mail off with a POST and no session; GET only asks', async () => {
    const { seller, buyer, productId } = await m.chat();
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Can I pick it up today?');
    const [mail] = await m.waitForMails(seller.user, 1);
    const url = m.localPath(m.expectNotificationHeaders(mail!));

    // A link follower (a mail scanner) changes nothing; a browser gets a page with a button that POSTs.
    const asked = await m.t.app.inject({ method: 'GET', url });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      data: {
        kind: 'messages',
        subscribed: true,
        message: fillText(N.unsubscribeQuestion, { kind: N.kindMessages }),
      },
    });
    const page = await m.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<form method="post" action="[^"]+unsubscribe\?token=/);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    const preferences = async () =>
      (
        await m.t.app.inject({
          method: 'GET',
          url: API.notifications.preferences,
          headers: bearer(seller.token),
        })
      ).json().data;
    expect((await preferences()).email.messages).toBe(true);

    // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click`, form-encoded, without any cookie or token.
    const posted = await m.t.app.inject({
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
    const multipart = await m.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // No more e-mail about messages.
    const jobsBefore = (await m.emailJobs(seller.user.id)).length;
    await m.chats.sent(buyer.token, productId, seller.user.id, 'Hello? Still there?');
    const other = await m.person();
    await m.chats.sent(other.token, productId, seller.user.id, 'I would buy it');
    await until('the new jobs', async () => (await m.emailJobs(seller.user.id)).length > jobsBefore);
    await m.jobsSettled(seller.user.id);
    expect(m.mailsTo(seller.user)).toHaveLength(1);
  });

  it('refuses a forged or malformed token with a readable 400 and changes nothing', async () => {
    const { seller } = await m.chat();
    const token = await m.t.app.parts.notifications.unsubscribeTokens.sign(seller.user.id, 'messages');
    const other = await m.person();
    const forged = [
      token.replace(/^\d+/, String(other.user.id)), // someone else's id under this signature
      token.replace('.messages.', '.support.'),
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      'nonsense',
      '',
    ];
    for (const bad of forged) {
      const url = `${API.notifications.unsubscribe}?token=${encodeURIComponent(bad)}`;
      const response = await m.t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(N.unsubscribeInvalid);
    }
    const page = await m.t.app.inject({
      method: 'GET',
      url: `${API.notifications.unsubscribe}?token=nonsense`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(N.unsubscribeInvalid);
    const missing = await m.t.app.inject({ method: 'POST', url: API.notifications.unsubscribe });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(N.unsubscribeInvalid);
    for (const who of [seller, other]) {
      const preferences = await m.t.app.inject({
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
    const owner = await m.person();
    const staffToken = await signIn(m.t.app, await createUser(m.t.app, { role: 'staff' }));
    const opened = await m.t.app.inject({
      method: 'POST',
      url: API.support.createTicket,
      headers: bearer(owner.token),
      payload: { subject: 'system-bug', message: 'The map does not load.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().data.id as number;
    const reply = await m.t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.ticketReply, { ticketId }),
      headers: bearer(staffToken),
      payload: { message: 'Try reloading the page, please.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [mail] = await m.waitForMails(owner.user, 1);
    expect(mail!.parsed.subject).toBe(fillText(N.emailSupportSubject, { product: 'Rummage' }));
    expect(mail!.parsed.text).toContain('Try reloading the page, please.');
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}${ROUTES.support}`);
    expect(mail!.parsed.text).not.toContain('The map does not load.');
    const url = m.localPath(m.expectNotificationHeaders(mail!));
    const asked = await m.t.app.inject({ method: 'GET', url });
    expect(asked.json().data).toMatchObject({ kind: 'support', subscribed: true });

    // An answer the owner reads before the delay is not e-mailed.
    const later = await m.t.app.inject({
      method: 'POST',
      url: apiPath(API.staff.ticketReply, { ticketId }),
      headers: bearer(staffToken),
      payload: { message: 'Did that help?' },
    });
    expect(later.statusCode, later.body).toBe(200);
    const read = await m.t.app.inject({
      method: 'POST',
      url: API.support.read,
      headers: bearer(owner.token),
      payload: { ticketId },
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    await until('the support e-mail jobs to run', async () => {
      const rows = await m.t.app.parts.storage.database.db
        .select({ state: jobs.state })
        .from(jobs)
        .where(
          and(eq(jobs.name, EMAIL_JOBS.support), sql`(${jobs.payload}->>'ticketId')::bigint = ${ticketId}`),
        );
      return rows.length >= 2 && rows.every((row) => row.state === 'done');
    });
    expect(m.mailsTo(owner.user)).toHaveLength(1);
  });
});
