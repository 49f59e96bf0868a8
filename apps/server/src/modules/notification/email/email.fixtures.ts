/** Test helpers for notification e-mail: waiting for what the queue does, and the one-click headers (RFC 8058). */
import { expect } from 'vitest';
import { API } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp.js';

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

type Found<T> = Exclude<T, false | undefined | null | 0 | ''>;
/** Asks again until `probe` answers something, or fails after `timeoutMs` saying what it waited for. */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<Found<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Found<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Checks the List-Unsubscribe headers and answers the unsubscribe URL they name. */
export function expectNotificationHeaders(mail: ReceivedMail, publicUrl: string): string {
  const unsubscribe = mail.header('list-unsubscribe');
  expect(unsubscribe).toMatch(
    new RegExp(`^<${publicUrl}${API.notifications.unsubscribe}\\?token=[A-Za-z0-9._%-]+>$`),
  );
  expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  return unsubscribe!.slice(1, -1);
}
