import { useLocation, useNavigate } from 'react-router';
import { fillText } from '@rummage/contract';
import { saveLocation, saveRadius, type SavedLocation } from '../../shared/session/storage';
import { Banner } from '../../shared/ui/Banner';
import { useSavedLocation } from '../location';
import { useTexts } from '../../shared/i18n/useTexts';

/** What "Show matches" leaves in the marketplace's history entry when it moved the saved place. */
export interface PlaceMove {
  placeBefore: SavedLocation;
  placeAfter: SavedLocation;
  /** The search's place as the gazetteer named it; null away from any town. */
  placeName: string | null;
}

const samePlace = (a: SavedLocation, b: SavedLocation) =>
  a.latitude === b.latitude && a.longitude === b.longitude && a.radiusMiles === b.radiusMiles;

function placeMoveOf(state: unknown): PlaceMove | null {
  const move = state as Partial<PlaceMove> | null;
  return move?.placeBefore && move.placeAfter ? (move as PlaceMove) : null;
}

/**
 * The marketplace has one place, the saved one (docs/product.md §4), so "Show matches" for a search around another
 * town moves it there, on every page. This says so, and offers the place saved before back, for as long as the
 * saved place is still the search's: a place chosen since then is the person's own choice and needs no notice.
 */
export function PlaceChangedNotice() {
  const S = useTexts().savedSearches;
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const current = useSavedLocation();
  const move = placeMoveOf(state);
  if (!move || move.placeBefore.latitude === null || !samePlace(current, move.placeAfter)) return null;
  if (samePlace(move.placeBefore, move.placeAfter)) return null;
  const before = move.placeBefore;

  function goBack() {
    saveLocation(before.address ?? '', before.latitude!, before.longitude!);
    saveRadius(before.radiusMiles);
    void navigate({ pathname, search }, { replace: true, state: null });
  }

  return (
    <Banner tone="info">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <p className="min-w-0 sm:flex-1">
          {fillText(S.placeChanged, { place: move.placeName || S.placeUnnamed })}
        </p>
        <button
          type="button"
          onClick={goBack}
          className="btn btn-outline min-h-10 shrink-0 self-start px-4 sm:self-auto"
        >
          {before.address ? fillText(S.placeBack, { place: before.address }) : S.placeBackUnnamed}
        </button>
      </div>
    </Banner>
  );
}
