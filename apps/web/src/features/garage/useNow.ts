import { useSyncExternalStore } from 'react';
import { COUNTDOWN_TICK_MS } from '@rummage/contract';

/**
 * One clock for every countdown on the page: a single interval (COUNTDOWN_TICK_MS, docs/product.md §9) runs while at
 * least one component listens, however many cards show a countdown, and stops when the last one leaves.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = 0;

function tick() {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, COUNTDOWN_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * The same value for every read until the next tick (React requires a stable snapshot). With no clock
 * running, it is refreshed once it is a tick old, so the first render after a pause is not stale.
 */
function getSnapshot(): number {
  if (timer === null && Math.abs(Date.now() - now) >= COUNTDOWN_TICK_MS) now = Date.now();
  return now;
}

/** The current time in ms, re-rendering the caller once a second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** For tests: whether the shared clock is running. */
export function isTickerRunning(): boolean {
  return timer !== null;
}
