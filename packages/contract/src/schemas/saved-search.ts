/**
 * Saved searches (docs/product.md §14): a person keeps a feed query — words, a place and a radius — and hears of
 * new listings that match it. The query is validated by the feed's own schema, so a saved search means exactly
 * what the same search on the marketplace page shows.
 */
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES, MILES_TO_KM } from '../constants.js';
import { messages } from '../messages.js';
import { feedQuerySchema } from './product.js';

const S = messages.savedSearches;

/** How many saved searches one person may keep. */
export const SAVED_SEARCH_LIMIT = 25;

/**
 * POST /api/SavedSearch `{ search?, latitude?, longitude?, radiusKm? }`: the feed's rules for each field; at least
 * words or a place. A place without a radius searches DEFAULT_RADIUS_MILES, as the feed does; a radius without a
 * place is dropped, as the feed drops it.
 */
const feed = feedQuerySchema.shape;
export const createSavedSearchSchema = z
  .object(
    { search: feed.search, latitude: feed.latitude, longitude: feed.longitude, radiusKm: feed.radiusKm },
    { error: S.empty400 },
  )
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    error: messages.listing.locationIncomplete,
    path: ['latitude'],
  })
  .refine((query) => query.search !== undefined || query.latitude !== undefined, {
    error: S.empty400,
    path: ['search'],
  })
  .transform(({ search, latitude, longitude, radiusKm }) =>
    latitude === undefined || longitude === undefined
      ? { search: search ?? null, latitude: null, longitude: null, radiusKm: null }
      : {
          search: search ?? null,
          latitude,
          longitude,
          radiusKm: radiusKm ?? DEFAULT_RADIUS_MILES * MILES_TO_KM,
        },
  );
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;
export type ParsedSavedSearch = z.output<typeof createSavedSearchSchema>;

/**
 * One saved search as its owner sees it. `placeLabel` names the place searched around ("Chicago, IL"), null
 * without a place. `newMatches` counts listings that matched since it was last marked seen (and are still listed).
 */
export const savedSearchSchema = z.object({
  id: z.number().int(),
  search: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusKm: z.number().nullable(),
  placeLabel: z.string().nullable(),
  newMatches: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchResponseSchema = z.object({ data: savedSearchSchema });
/** GET /api/SavedSearch: the caller's, newest first (at most SAVED_SEARCH_LIMIT, so no paging). */
export const savedSearchListResponseSchema = z.object({ data: z.array(savedSearchSchema) });
