/** Test helpers for notification e-mail: waiting for what the queue does, and the one-click headers (RFC 8058). */
import { expect } from 'vitest';
import { API } from '@rummage/contract';
import type { ReceivedMail } from '../../../test/smtp.js';

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
