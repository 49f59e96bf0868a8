import { eq } from 'drizzle-orm';
import { API, apiPath } from '@rummage/contract';
import { savedSearches } from '../src/db/schema.js';
import { EMPTY_JSON, fixed, get, type RouteCase } from './route-kinds.js';
import type { World } from './world.js';

/** A saved search of the owner's, straight through the database; answers its id. */
async function ownersSavedSearch(w: World): Promise<number> {
  const db = w.app.parts.storage.database.db;
  const [row] = await db
    .insert(savedSearches)
    .values({ userId: w.owner.user.id, search: 'lamp', minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 })
    .returning({ id: savedSearches.id });
  return row!.id;
}

function ownerCase(method: 'DELETE' | 'POST', path: string): RouteCase {
  return {
    access: 'owner',
    async prepare(w) {
      const id = await ownersSavedSearch(w);
      const db = w.app.parts.storage.database.db;
      return fixed(
        { method, url: apiPath(path, { id }), headers: EMPTY_JSON },
        { state: () => db.select().from(savedSearches).where(eq(savedSearches.id, id)) },
      );
    },
  };
}

/** Saved searches (docs/product.md §14): every call acts on the caller's own; someone else's is 404. */
export const SAVED_SEARCH_CASES: Record<string, RouteCase> = {
  'GET /api/SavedSearch': get('signed-in', () => API.savedSearch.list),
  'POST /api/SavedSearch': {
    access: 'signed-in',
    prepare: () => fixed({ method: 'POST', url: API.savedSearch.list, payload: { search: 'lamp' } }),
  },
  'DELETE /api/SavedSearch/{id}': ownerCase('DELETE', API.savedSearch.item),
  'POST /api/SavedSearch/{id}/seen': ownerCase('POST', API.savedSearch.seen),
};
