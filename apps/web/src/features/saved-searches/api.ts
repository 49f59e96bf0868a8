import { API, apiPath, type CreateSavedSearch, type SavedSearch } from '@rummage/contract';
import { apiFetch, apiFetchWithStatus } from '../../shared/api/client';

export const savedSearchKeys = { list: ['saved-searches'] as const };

/** GET /api/SavedSearch: the caller's saved searches, newest first, each with its new-matches count. */
export async function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return (await apiFetch<{ data: SavedSearch[] }>(API.savedSearch.list, { signal })).data;
}

/**
 * POST /api/SavedSearch: 201 saved a new one, 200 answers the one already saved with the same query. A refusal
 * (too many, nothing to search for) throws an ApiError with the server's text.
 */
export async function saveSearch(
  query: CreateSavedSearch,
): Promise<{ isNew: boolean; savedSearch: SavedSearch }> {
  const { status, body } = await apiFetchWithStatus<{ data: SavedSearch }>(API.savedSearch.list, {
    method: 'POST',
    body: query,
  });
  return { isNew: status === 201, savedSearch: body.data };
}

/** DELETE /api/SavedSearch/{id}. */
export async function deleteSavedSearch(id: number): Promise<void> {
  await apiFetch(apiPath(API.savedSearch.item, { id }), { method: 'DELETE' });
}

/** POST /api/SavedSearch/{id}/seen: its new matches are seen (the count goes back to 0). */
export async function markSavedSearchSeen(id: number): Promise<SavedSearch> {
  return (await apiFetch<{ data: SavedSearch }>(apiPath(API.savedSearch.seen, { id }), { method: 'POST' }))
    .data;
}
