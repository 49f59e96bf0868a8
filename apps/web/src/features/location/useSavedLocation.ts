import { useSyncExternalStore } from 'react';
import { DEFAULT_RADIUS_MILES, SESSION_KEYS } from '@rummage/contract';
import { onSavedLocationChanged, readSavedLocation, type SavedLocation } from '../../shared/session/storage';

export type { SavedLocation };

const LOCATION_KEYS: ReadonlySet<string> = new Set([
  SESSION_KEYS.userAddress,
  SESSION_KEYS.userLat,
  SESSION_KEYS.userLng,
  SESSION_KEYS.userRadius,
]);

const SERVER_SNAPSHOT: SavedLocation = {
  address: null,
  latitude: null,
  longitude: null,
  radiusMiles: DEFAULT_RADIUS_MILES,
};

let cached: SavedLocation = SERVER_SNAPSHOT;

function sameLocation(a: SavedLocation, b: SavedLocation): boolean {
  return (
    a.address === b.address &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude &&
    a.radiusMiles === b.radiusMiles
  );
}

/** useSyncExternalStore needs a stable object while nothing changed, or it would re-render forever. */
function getSnapshot(): SavedLocation {
  const fresh = readSavedLocation();
  if (!sameLocation(fresh, cached)) cached = fresh;
  return cached;
}

function getServerSnapshot(): SavedLocation {
  return SERVER_SNAPSHOT;
}

function subscribe(onStoreChange: () => void): () => void {
  const stopLocal = onSavedLocationChanged(onStoreChange);
  // Another tab saving a place only shows up as a storage event; key null means storage was cleared.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || LOCATION_KEYS.has(event.key)) onStoreChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopLocal();
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved place and radius; re-renders on location-updated, radius-updated and changes from other tabs. */
export function useSavedLocation(): SavedLocation {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
