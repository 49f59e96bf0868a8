import {
  DEFAULT_RADIUS_MILES,
  LOCATION_UPDATED_EVENT,
  PAGE_RENDERING,
  RADIUS_UPDATED_EVENT,
  SESSION_KEYS,
  type LoginResponse,
} from '@rummage/contract';

/** Session data as the SPEC stores it in the browser (§3), under the SPEC's own key names. */
export interface StoredSession {
  userId: number;
  authToken: string;
  username: string | null;
  userImageUrl: string | null;
  userCoverPhotoUrl: string | null;
}

export interface SavedLocation {
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number;
}

const SESSION_CHANGED_EVENT = 'session-changed';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function numberOrNull(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function readSession(): StoredSession | null {
  const s = storage();
  const authToken = s?.getItem(SESSION_KEYS.authToken);
  const userId = numberOrNull(s?.getItem(SESSION_KEYS.userId));
  if (!s || !authToken || userId === null) return null;
  return {
    authToken,
    userId,
    username: s.getItem(SESSION_KEYS.username),
    userImageUrl: s.getItem(SESSION_KEYS.userImageUrl),
    userCoverPhotoUrl: s.getItem(SESSION_KEYS.userCoverPhotoUrl),
  };
}

function setOrRemove(s: Storage, key: string, value: string | null | undefined): void {
  if (value === null || value === undefined || value === '') s.removeItem(key);
  else s.setItem(key, value);
}

export function writeSession(data: LoginResponse['data']): void {
  const s = storage();
  if (!s) return;
  s.setItem(SESSION_KEYS.authToken, data.authToken);
  s.setItem(SESSION_KEYS.userId, String(data.id));
  setOrRemove(s, SESSION_KEYS.username, data.username);
  setOrRemove(s, SESSION_KEYS.userImageUrl, data.imageUrl);
  setOrRemove(s, SESSION_KEYS.userCoverPhotoUrl, data.coverPhotoUrl);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** What the login page says about the session that just ended, when the person should hear why (clearSession). */
let sessionEndNotice: string | null = null;

/** The notice of the last clearSession, for the login page; it stays until clearSessionEndNotice. */
export function peekSessionEndNotice(): string | null {
  return sessionEndNotice;
}

export function clearSessionEndNotice(): void {
  sessionEndNotice = null;
}

/**
 * Logout clears the session keys; the saved location stays, as it belongs to the device, not the account.
 * `notice` is what the login page then says (a deleted account: messages.accountData.deleted); kept in memory
 * only, so a reload does not repeat it.
 */
export function clearSession(notice: string | null = null): void {
  const s = storage();
  // Ending a session that has already ended (a request refused with 401 after the account was deleted, or the hub
  // closing it) keeps the notice of the first end for the login page, which may not have loaded yet.
  const signedIn = Boolean(s?.getItem(SESSION_KEYS.authToken));
  if (notice !== null || signedIn) sessionEndNotice = notice;
  if (!s) return;
  for (const key of ['authToken', 'userId', 'username', 'userImageUrl', 'userCoverPhotoUrl'] as const) {
    s.removeItem(SESSION_KEYS[key]);
  }
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function onSessionChanged(listener: () => void): () => void {
  const handler = (event: Event) => {
    if (event.type === SESSION_CHANGED_EVENT || (event as StorageEvent).key !== undefined) listener();
  };
  window.addEventListener(SESSION_CHANGED_EVENT, handler);
  window.addEventListener('storage', handler);
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, handler);
    window.removeEventListener('storage', handler);
  };
}

export function readSavedLocation(): SavedLocation {
  const s = storage();
  const radius = numberOrNull(s?.getItem(SESSION_KEYS.userRadius));
  return {
    address: s?.getItem(SESSION_KEYS.userAddress) ?? null,
    latitude: numberOrNull(s?.getItem(SESSION_KEYS.userLat)),
    longitude: numberOrNull(s?.getItem(SESSION_KEYS.userLng)),
    radiusMiles: radius !== null && radius > 0 ? radius : DEFAULT_RADIUS_MILES,
  };
}

/**
 * Tells the server, from the next page load on, that this browser has a place of its own (PAGE_RENDERING in the
 * contract): it then sends the marketplace without the newcomer's listings in it. Only a flag; the place itself
 * stays here. Done on saving and, for places saved before the flag existed, when the app starts.
 */
export function flagSavedPlace(): void {
  if (readSavedLocation().latitude === null) return;
  const name = PAGE_RENDERING.savedPlaceCookie;
  if (document.cookie.split('; ').includes(`${name}=1`)) return;
  document.cookie = `${name}=1; path=/; max-age=${400 * 24 * 60 * 60}; samesite=lax`;
}

/** Saves the chosen place and broadcasts location-updated so lists reset and reload (docs/product.md §4). */
export function saveLocation(address: string, latitude: number, longitude: number): void {
  const s = storage();
  if (!s) return;
  s.setItem(SESSION_KEYS.userAddress, address);
  s.setItem(SESSION_KEYS.userLat, String(latitude));
  s.setItem(SESSION_KEYS.userLng, String(longitude));
  flagSavedPlace();
  window.dispatchEvent(new CustomEvent(LOCATION_UPDATED_EVENT, { detail: readSavedLocation() }));
}

/** Saves the radius in miles and broadcasts radius-updated (docs/product.md §4). */
export function saveRadius(radiusMiles: number): void {
  const s = storage();
  if (!s) return;
  s.setItem(SESSION_KEYS.userRadius, String(radiusMiles));
  window.dispatchEvent(new CustomEvent(RADIUS_UPDATED_EVENT, { detail: readSavedLocation() }));
}

export function onSavedLocationChanged(listener: (location: SavedLocation) => void): () => void {
  const handler = () => listener(readSavedLocation());
  window.addEventListener(LOCATION_UPDATED_EVENT, handler);
  window.addEventListener(RADIUS_UPDATED_EVENT, handler);
  return () => {
    window.removeEventListener(LOCATION_UPDATED_EVENT, handler);
    window.removeEventListener(RADIUS_UPDATED_EVENT, handler);
  };
}
