import { Link, useNavigate } from 'react-router';
import { ROUTES, fillText, kmToMiles, type SavedSearch } from '@rummage/contract';
import { readSavedLocation, saveLocation, saveRadius } from '../../shared/session/storage';
import { describeSavedSearch, newMatchesText } from './describe';
import type { PlaceMove } from './PlaceChangedNotice';
import { useInstallationConfig } from '../../shared/config/useAppConfig';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** The marketplace link of a saved search. */
function marketplaceLink(saved: SavedSearch): string {
  return saved.search ? ROUTES.marketplaceSearch(saved.search) : ROUTES.marketplace;
}

/**
 * The marketplace takes its place and radius from the saved place (docs/product.md §4), not the address bar: a
 * saved search with a place becomes the saved place before the marketplace opens, so the feed asks exactly
 * what was saved. Answers the move, which the marketplace then tells of and offers to undo (PlaceChangedNotice).
 */
function applySearchPlace(saved: SavedSearch): PlaceMove | null {
  if (saved.latitude === null || saved.longitude === null || saved.radiusKm === null) return null;
  const placeBefore = readSavedLocation();
  saveLocation(saved.placeLabel ?? placeBefore.address ?? '', saved.latitude, saved.longitude);
  saveRadius(kmToMiles(saved.radiusKm));
  return { placeBefore, placeAfter: readSavedLocation(), placeName: saved.placeLabel };
}

/** One saved search: its words, where, the new-matches badge, "Show matches" (marks them seen) and Delete. */
export function SavedSearchRow({
  saved,
  busy,
  onShow,
  onDelete,
}: {
  saved: SavedSearch;
  busy: boolean;
  onShow: () => void;
  onDelete: () => void;
}) {
  const S = useTexts().savedSearches;
  const navigate = useNavigate();
  const { words, where, name } = describeSavedSearch(
    saved,
    S,
    useInstallationConfig().distanceUnit,
    useLocale(),
  );
  const hasNew = saved.newMatches > 0;
  return (
    <li aria-label={name} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-stone-900">{words}</span>
          <span
            className={
              hasNew
                ? 'rounded-full bg-red-700 px-2 text-xs leading-5 font-bold text-white'
                : 'text-xs text-stone-600'
            }
          >
            {newMatchesText(saved.newMatches, S)}
          </span>
        </p>
        <p className="text-sm text-stone-700">{where}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Link
          to={marketplaceLink(saved)}
          aria-label={fillText(S.showLabel, { name })}
          onClick={(event) => {
            // A click that opens another tab leaves this tab's place alone.
            if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || event.button !== 0)
              return;
            event.preventDefault();
            const move = applySearchPlace(saved);
            onShow();
            void navigate(marketplaceLink(saved), { state: move });
          }}
          className="btn btn-primary min-h-10 px-4"
        >
          {S.show}
        </Link>
        <button
          type="button"
          aria-label={fillText(S.removeLabel, { name })}
          aria-busy={busy}
          data-delete-search={saved.id}
          onClick={onDelete}
          className={`btn btn-outline min-h-10 px-4 ${busy ? 'cursor-wait' : ''}`}
        >
          {S.remove}
        </button>
      </div>
    </li>
  );
}
