import type { BudgetStore, BudgetWindow, BudgetTake } from './index.js';

/** Ended windows are dropped once this many keys are held (at most once a second), so budgets do not pile up. */
const SWEEP_AT = 10_000;
const SWEEP_EVERY_MS = 1_000;

/** One process's budgets (no REDIS_URL). */
export function createMemoryBudgetStore(now: () => number = Date.now): BudgetStore {
  const windows = new Map<string, { spent: number; endsAt: number }>();
  let nextSweep = 0;

  function sweep(at: number) {
    nextSweep = at + SWEEP_EVERY_MS;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  }

  return {
    async take(key: string, { max, windowMs }: BudgetWindow): Promise<BudgetTake> {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        if (windows.size >= SWEEP_AT && at >= nextSweep) sweep(at);
        window = { spent: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      const allowed = window.spent < max;
      if (allowed) window.spent += 1;
      return { allowed, limit: max, remaining: Math.max(0, max - window.spent), resetMs: window.endsAt - at };
    },
  };
}
