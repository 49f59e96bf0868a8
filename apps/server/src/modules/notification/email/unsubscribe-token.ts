/**
 * The signed token in a notification e-mail's unsubscribe link (RFC 8058 one-click): it names the person and the
 * kind of e-mail, so a POST without a session may switch exactly that off. HMAC-SHA256 with a key kept in
 * server_keys, so every process signs and checks alike. No expiry: an old e-mail's link must keep working.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_UNSUBSCRIBE_KINDS, type EmailUnsubscribeKind } from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { loadOrCreateServerKey } from '../../../lib/server-keys.js';

export const UNSUBSCRIBE_KEY_NAME = 'email-unsubscribe-hmac';

export interface UnsubscribeTokens {
  sign(userId: number, kind: EmailUnsubscribeKind): Promise<string>;
  /** The person and kind the token names, or undefined when it is malformed or not signed by this server. */
  verify(token: string): Promise<{ userId: number; kind: EmailUnsubscribeKind } | undefined>;
}

const TOKEN = /^(\d{1,15})\.([a-zA-Z]+)\.([A-Za-z0-9_-]{43})$/;

export function createUnsubscribeTokens(db: Database): UnsubscribeTokens {
  let key: Promise<Buffer> | undefined;
  const loadKey = () =>
    (key ??= loadOrCreateServerKey(db, UNSUBSCRIBE_KEY_NAME, () => randomBytes(32).toString('base64')).then(
      (value) => Buffer.from(value, 'base64'),
      (error: unknown) => {
        key = undefined; // a database hiccup must not stick
        throw error;
      },
    ));
  const signature = async (userId: number, kind: string) =>
    createHmac('sha256', await loadKey())
      .update(`unsubscribe:${userId}:${kind}`)
      .digest();

  return {
    async sign(userId, kind) {
      return `${userId}.${kind}.${(await signature(userId, kind)).toString('base64url')}`;
    },
    async verify(token) {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [, id = '', kind = '', given = ''] = match;
      if (!(EMAIL_UNSUBSCRIBE_KINDS as readonly string[]).includes(kind)) return undefined;
      const userId = Number(id);
      const expected = await signature(userId, kind);
      const actual = Buffer.from(given, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      return { userId, kind: kind as EmailUnsubscribeKind };
    },
  };
}
