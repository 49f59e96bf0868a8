import { fillText, kmToMiles, messages, type SavedSearch } from '@rummage/contract';

const S = messages.savedSearches;

/** How a saved search reads in its row: its words ("Anything" without) and where ("Everywhere" without a place). */
export function describeSavedSearch(saved: SavedSearch): { words: string; where: string; name: string } {
  const words = saved.search ?? S.anything;
  const miles = saved.radiusKm === null ? null : kmToMiles(saved.radiusKm);
  const where =
    saved.latitude === null || miles === null
      ? S.everywhere
      : saved.placeLabel
        ? fillText(S.within, { miles, place: saved.placeLabel })
        : fillText(S.withinHere, { miles });
  // Two searches may share their words ("Anything"), so a row's name carries the place too.
  return { words, where, name: `${words}, ${where}` };
}

/** "3 new matches", "1 new match", "No new matches". */
export function newMatchesText(count: number): string {
  if (count <= 0) return S.noNewMatches;
  return count === 1 ? S.newMatchesOne : fillText(S.newMatchesMany, { count });
}
