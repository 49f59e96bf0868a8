import { API, DEFAULT_NOTIFICATION_PREFERENCES } from '@rummage/contract';
import { fixed, get, type RouteCase } from './route-kinds.js';
import type { World } from './world.js';

/** The owner's one-click unsubscribe link (what their notification e-mails carry). */
async function unsubscribeUrl(w: World) {
  const token = await w.app.parts.notifications.unsubscribeTokens.sign(w.owner.user.id, 'support');
  return `${API.notifications.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** The notification centre, preferences and Web Push (docs/product.md §10): every call acts on the caller's own. */
export const NOTIFICATION_CASES: Record<string, RouteCase> = {
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
};
