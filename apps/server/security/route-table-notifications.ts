import { API, DEFAULT_NOTIFICATION_PREFERENCES } from '@rummage/contract';
import { fixed, get, type RouteCase } from './route-kinds.js';

/** A browser subscription whose endpoint is a public IP literal: accepted without a DNS answer, never sent to. */
const SUBSCRIPTION = {
  endpoint: 'https://93.184.215.14/push/route-matrix',
  keys: {
    p256dh: `BA${'A'.repeat(85)}`,
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
