import { API, apiPath } from '@rummage/contract';
import { createUser } from '../src/test/factories.js';
import { EMPTY_JSON, fixed, get, type RouteCase } from './route-kinds.js';

/** Blocking (docs/product.md §11): every call acts on the caller's own list; a fresh person is the one blocked. */
function blockCase(method: 'POST' | 'DELETE'): RouteCase {
  return {
    access: 'signed-in',
    prepare: async (w) => {
      const person = await createUser(w.app);
      return fixed({ method, url: apiPath(API.user.block, { userId: person.id }), headers: EMPTY_JSON });
    },
  };
}

export const BLOCKING_CASES: Record<string, RouteCase> = {
  'POST /api/User/block/{userId}': blockCase('POST'),
  'DELETE /api/User/block/{userId}': blockCase('DELETE'),
  'GET /api/User/blocked': get('signed-in', () => API.user.blocked),
};
