import { API, DEFAULT_NOTIFICATION_PREFERENCES } from '@rummage/contract';
import { fixed, get, type RouteCase } from './route-kinds.js';

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
};
