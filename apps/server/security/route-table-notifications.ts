import { createECDH } from 'node:crypto';
import { API, DEFAULT_NOTIFICATION_PREFERENCES } from '@rummage/contract';
import { fixed, get, type RouteCase } from './route-kinds.js';
import type { World } from './world.js';

/** The owner's one-click unsubscribe link (what their notification e-mails carry). */
async function unsubscribeUrl(w: World) {
  const token = await w.app.parts.notifications.unsubscribeTokens.sign(w.owner.user.id, 'support');
  return `${API.notifications.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** A browser's key: the server checks that it is a point on P-256, so it comes from a real key pair. */
const browserKey = createECDH('prime256v1');
browserKey.generateKeys();

/** A browser subscription whose endpoint is a public IP literal: accepted without a DNS answer, never sent to. */
const SUBSCRIPTION = {
  endpoint: 'https://93.184.215.14/push/route-matrix',
  keys: {
    p256dh: browserKey.getPublicKey().toString('base64url'),
    auth: 'AAAAAAAAAAAAAAAAAAAAAA',
  },
};

/** The notification centre, preferences and Web Push (docs/product.md §10): every call acts on the caller's own. */
export const NOTIFICATION_CASES: Record<string, RouteCase> = {
  'GET /api/Notifications': get('signed-in', () => `${API.notifications.list}?page=1&pageSize=20`),
  'POST /api/Notifications/read': {
    access: 'signed-in',
    prepare: () => fixed({ method: 'POST', url: API.notifications.read, payload: { all: true } }),
  },
  'GET /api/Notifications/preferences': get('signed-in', () => API.notifications.preferences),
  'PUT /api/Notifications/preferences': {
    access: 'signed-in',
    prepare: () =>
      fixed({ method: 'PUT', url: API.notifications.preferences, payload: DEFAULT_NOTIFICATION_PREFERENCES }),
  },
  // No session: the signed token in the URL names the person (RFC 8058 one-click), so every caller gets a 2xx.
  'GET /api/Notifications/unsubscribe': {
    access: 'public',
    prepare: async (w) => fixed({ method: 'GET', url: await unsubscribeUrl(w) }),
  },
  'POST /api/Notifications/unsubscribe': {
    access: 'public',
    prepare: async (w) =>
      fixed({
        method: 'POST',
        url: await unsubscribeUrl(w),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
  },
  'GET /api/Notifications/push-key': get('public', () => API.notifications.pushKey),
  // Each caller subscribes the same endpoint in turn: it moves to whoever subscribed last.
  'POST /api/Notifications/push-subscriptions': {
    access: 'signed-in',
    prepare: () => fixed({ method: 'POST', url: API.notifications.pushSubscriptions, payload: SUBSCRIPTION }),
  },
  'DELETE /api/Notifications/push-subscriptions': {
    access: 'signed-in',
    prepare: () =>
      fixed({
        method: 'DELETE',
        url: API.notifications.pushSubscriptions,
        payload: { endpoint: SUBSCRIPTION.endpoint },
      }),
  },
  // Nobody in the matrix has a subscription left: the test push is refused with a readable 404 to each of them.
  'POST /api/Notifications/test': {
    access: 'signed-in',
    prepare: () =>
      fixed(
        { method: 'POST', url: API.notifications.test },
        { expect: { other: [404], staff: [404], owner: [404] } },
      ),
  },
};
