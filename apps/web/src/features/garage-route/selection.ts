/**
 * The garage sales a buyer picked for "Plan my route": ids in localStorage, so the picks survive reloads
 * and are shared by every card, page and tab showing an "Add to route" toggle.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { MAX_ROUTE_STOPS } from './planner';

export const ROUTE_STOPS_KEY = 'routeStops';
/** Same-tab broadcast: the storage event only reaches other tabs. */
export const ROUTE_STOPS_CHANGED_EVENT = 'route-stops-changed';

export type ToggleResult = 'added' | 'removed' | 'full';

export interface RouteSelection {
  /** Picked sale ids, in the order they were added. */
  ids: readonly number[];
  has(id: number | string): boolean;
  /** Adds or removes; refuses to add past MAX_ROUTE_STOPS and says so with 'full'. */
  toggle(id: number | string): ToggleResult;
  remove(id: number | string): void;
  clear(): void;
  isFull: boolean;
}

const EMPTY: readonly number[] = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Ids arrive as numbers from the API and as strings from route params; both mean the same sale. */
export function toSaleId(value: number | string): number | null {
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Anything unreadable (hand-edited storage, an older format) counts as no picks rather than an error. */
function parse(raw: string | null): readonly number[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const ids: number[] = [];
    for (const item of value) {
      const id = typeof item === 'number' || typeof item === 'string' ? toSaleId(item) : null;
      if (id !== null && !ids.includes(id)) ids.push(id);
    }
    return ids.slice(0, MAX_ROUTE_STOPS);
  } catch {
    return EMPTY;
  }
}

let cachedRaw: string | null = null;
let cachedIds: readonly number[] = EMPTY;

/** useSyncExternalStore needs the same array while nothing changed, or it would re-render forever. */
export function readRouteStops(): readonly number[] {
  const raw = storage()?.getItem(ROUTE_STOPS_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parse(raw);
  }
  return cachedIds;
}

export function writeRouteStops(ids: readonly number[]): void {
  const s = storage();
  if (!s) return;
  if (ids.length === 0) s.removeItem(ROUTE_STOPS_KEY);
  else s.setItem(ROUTE_STOPS_KEY, JSON.stringify(ids.slice(0, MAX_ROUTE_STOPS)));
  window.dispatchEvent(new Event(ROUTE_STOPS_CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // Key null means another tab cleared all of storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ROUTE_STOPS_KEY) onChange();
  };
  window.addEventListener(ROUTE_STOPS_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(ROUTE_STOPS_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function serverSnapshot(): readonly number[] {
  return EMPTY;
}

/** The picked sales, kept in sync across components and tabs. */
export function useRouteSelection(): RouteSelection {
  const ids = useSyncExternalStore(subscribe, readRouteStops, serverSnapshot);

  // Each action reads storage afresh so two quick clicks (or another tab) never work from a stale list.
  const toggle = useCallback((value: number | string): ToggleResult => {
    const id = toSaleId(value);
    if (id === null) return 'removed';
    const current = readRouteStops();
    if (current.includes(id)) {
      writeRouteStops(current.filter((other) => other !== id));
      return 'removed';
    }
    if (current.length >= MAX_ROUTE_STOPS) return 'full';
    writeRouteStops([...current, id]);
    return 'added';
  }, []);
  const remove = useCallback((value: number | string) => {
    const id = toSaleId(value);
    const current = readRouteStops();
    if (id !== null && current.includes(id)) writeRouteStops(current.filter((other) => other !== id));
  }, []);
  const clear = useCallback(() => writeRouteStops(EMPTY), []);
  const has = useCallback(
    (value: number | string) => {
      const id = toSaleId(value);
      return id !== null && ids.includes(id);
    },
    [ids],
  );

  return useMemo(
    () => ({ ids, has, toggle, remove, clear, isFull: ids.length >= MAX_ROUTE_STOPS }),
    [ids, has, toggle, remove, clear],
  );
}
