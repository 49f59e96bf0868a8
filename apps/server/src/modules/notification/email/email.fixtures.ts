/** Test helpers for notification e-mail: waiting for what the queue does, and the one-click headers (RFC 8058). */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { API } from '@rummage/contract';
import { jobs } from '../../../db/schema.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { createProduct } from '../../../test/products.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp.js';
import { ageAccount, chatApi } from '../../message/chat.fixtures.js';
import { EMAIL_JOBS } from './notification-email.js';
import { until } from '../../../test/until.js';

/** A short NOTIFY_EMAIL_DELAY_MS and a short "hour" keep e-mail tests quick; links start with the public URL. */
export const DELAY_MS = 1_000;
export const PACE_MS = 5_000;
export const PUBLIC_URL = 'http://rummage.test';

/** The real app, its queue and a real SMTP server it sends through. */
export async function startMailingApp(): Promise<{ t: TestApp; smtp: TestSmtpServer }> {
  const smtp = await startTestSmtpServer();
  const t = await buildTestApp(
    { SMTP_URL: smtp.url, NOTIFY_EMAIL_DELAY_MS: String(DELAY_MS), PRODUCT_NAME: 'Rummage' },
    { notificationEmailPaceMs: PACE_MS },
  );
  return { t, smtp };
}

export { until };

/** Checks the List-Unsubscribe headers and answers the unsubscribe URL they name. */
export function expectNotificationHeaders(mail: ReceivedMail, publicUrl: string): string {
  const unsubscribe = mail.header('list-unsubscribe');
  expect(unsubscribe).toMatch(
    new RegExp(`^<${publicUrl}${API.notifications.unsubscribe}\\?token=[A-Za-z0-9._%-]+>$`),
  );
  expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  return unsubscribe!.slice(1, -1);
}

interface Person {
  user: TestUser;
  token: string;
}

/**
 * A mailing app for one test file (started in beforeAll, stopped in afterAll), and what its tests ask of it: people
 * with a chat, the mail each received, and the e-mail jobs the queue ran.
 */
export function useMailingApp() {
  let started: { t: TestApp; smtp: TestSmtpServer; chats: ReturnType<typeof chatApi> } | undefined;
  beforeAll(async () => {
    const { t, smtp } = await startMailingApp();
    started = { t, smtp, chats: chatApi(t.app) };
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.smtp.stop();
  });
  const parts = () => {
    if (!started) throw new Error('useMailingApp: the app starts in beforeAll');
    return started;
  };

  async function person(): Promise<Person> {
    const { t } = parts();
    const user = await createUser(t.app);
    await ageAccount(t.app, user.id);
    return { user, token: await signIn(t.app, user) };
  }
  const mailsTo = (user: TestUser) => parts().smtp.to(user.email);
  /** The e-mail jobs about this person's chats, by state. */
  const emailJobs = (receiverId: number) =>
    parts()
      .t.app.parts.storage.database.db.select({
        state: jobs.state,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
      })
      .from(jobs)
      .where(
        and(eq(jobs.name, EMAIL_JOBS.chat), sql`(${jobs.payload}->>'receiverId')::bigint = ${receiverId}`),
      );

  return {
    get t() {
      return parts().t;
    },
    get smtp() {
      return parts().smtp;
    },
    get chats() {
      return parts().chats;
    },
    person,
    /** A seller with a listing and a buyer. */
    async chat(title = `Lamp ${Math.random().toString(36).slice(2, 7)}`) {
      const seller = await person();
      const buyer = await person();
      const productId = await createProduct(parts().t.app, seller.user.id, { title });
      return { seller, buyer, productId, title };
    },
    mailsTo,
    waitForMails: (user: TestUser, count: number, timeoutMs?: number) =>
      until(
        `${count} e-mail(s) to ${user.email}`,
        () => mailsTo(user).length >= count && mailsTo(user),
        timeoutMs,
      ),
    emailJobs,
    /** Every e-mail job about this person has run (and none is waiting). */
    jobsSettled: (receiverId: number) =>
      until('the e-mail jobs to finish', async () => {
        const rows = await emailJobs(receiverId);
        return rows.length > 0 && rows.every((row) => row.state === 'done');
      }),
    /** The unsubscribe URL's path and query, as the app routes it. */
    localPath: (url: string) => url.replace(PUBLIC_URL, ''),
    expectNotificationHeaders: (mail: ReceivedMail) => expectNotificationHeaders(mail, PUBLIC_URL),
  };
}
