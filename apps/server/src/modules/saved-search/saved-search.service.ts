/**
 * Saved searches (docs/product.md §14): keep a feed query, see how many new listings matched it, forget it. The
 * matching itself runs as a job when a listing becomes visible (saved-search.processors.ts).
 */
import {
  SAVED_SEARCH_LIMIT,
  fillText,
  messages,
  type ParsedSavedSearch,
  type SavedSearch,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { placeLabel, type ReverseGeocode } from '../../services/geo/place-label.js';
import { circleValues } from '../marketplace/radius.js';
import * as repo from './saved-search.repository.js';

const S = messages.savedSearches;
const notFound = () => new HttpError(404, S.notFound);

export interface SavedSearchServiceOptions {
  db: Database;
  reverse: ReverseGeocode;
}

export type SavedSearchService = ReturnType<typeof createSavedSearchService>;

function present(row: repo.SavedSearchRow): SavedSearch {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function createSavedSearchService({ db, reverse }: SavedSearchServiceOptions) {
  async function one(userId: number, id: number): Promise<SavedSearch> {
    const [row] = await repo.savedSearchesOf(db, userId, id);
    if (!row) throw notFound();
    return present(row);
  }

  return {
    /**
     * Saves the search, or answers the same one saved before (`created: false`) rather than keeping it twice.
     * The place is named once here ("Chicago, IL"), from the gazetteer, as listings name theirs.
     */
    async save(userId: number, query: ParsedSavedSearch): Promise<{ created: boolean; data: SavedSearch }> {
      const { search, latitude, longitude, radiusKm } = query;
      const circle =
        latitude === null || longitude === null || radiusKm === null
          ? null
          : circleValues({ latitude, longitude, radiusKm });
      const wanted: repo.NewSavedSearch = {
        search,
        circle,
        placeLabel: circle && placeLabel(reverse, circle.latitude, circle.longitude),
      };
      const outcome = await withTransaction(db, async (tx) => {
        await repo.lockOwner(tx, userId);
        const existing = await repo.findSame(tx, userId, wanted);
        if (existing !== undefined) return { created: false, id: existing };
        if ((await repo.countOf(tx, userId)) >= SAVED_SEARCH_LIMIT)
          throw new HttpError(400, fillText(S.tooMany, { limit: SAVED_SEARCH_LIMIT }));
        return { created: true, id: await repo.insertSavedSearch(tx, userId, wanted) };
      });
      return { created: outcome.created, data: await one(userId, outcome.id) };
    },

    async list(userId: number): Promise<SavedSearch[]> {
      return (await repo.savedSearchesOf(db, userId)).map(present);
    },

    /** Another person's saved search is as absent as one never made: 404 either way. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteSavedSearch(db, userId, id))) throw notFound();
    },

    async markSeen(userId: number, id: number): Promise<SavedSearch> {
      if (!(await repo.markSeen(db, userId, id))) throw notFound();
      return one(userId, id);
    },
  };
}
