import {
  fillText,
  formatMiles,
  kmToMiles,
  messages,
  type Catalogue,
  type DistanceUnit,
  type SavedSearch,
} from '@rummage/contract';

type SavedSearchTexts = Catalogue['savedSearches'];

/** How a saved search reads in its row: its words ("Anything" without) and where ("Everywhere" without a place). */
export function describeSavedSearch(
  saved: SavedSearch,
  S: SavedSearchTexts = messages.savedSearches,
  unit: DistanceUnit = 'mi',
  locale = 'en',
): { words: string; where: string; name: string } {
  const words = saved.search ?? S.anything;
  const where =
    saved.latitude === null || saved.radiusKm === null
      ? S.everywhere
      : unit === 'km'
        ? fillText(saved.placeLabel ? S.withinKm : S.withinHereKm, {
            km: Math.round(saved.radiusKm),
            place: saved.placeLabel ?? '',
          })
        : fillText(saved.placeLabel ? S.within : S.withinHere, {
            miles: formatMiles(kmToMiles(saved.radiusKm), locale),
            place: saved.placeLabel ?? '',
          });
  // Two searches may share their words ("Anything"), so a row's name carries the place too.
  return { words, where, name: `${words}, ${where}` };
}

/** "3 new matches", "1 new match", "No new matches". */
export function newMatchesText(count: number, S: SavedSearchTexts = messages.savedSearches): string {
  if (count <= 0) return S.noNewMatches;
  return count === 1 ? S.newMatchesOne : fillText(S.newMatchesMany, { count });
}
