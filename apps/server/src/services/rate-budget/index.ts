/**
 * Write budgets: how many times one person (or, for visitors, one address) may do one kind of write per window,
 * whichever way they write (REST or a hub). Fixed windows, as the REST rate limiter counts them.
 * In memory for one process; in Redis when REDIS_URL is set, so every process spends from the same budget.
 */
export { createMemoryBudgetStore } from './memory.js';
export { createRedisBudgetStore } from './redis.js';

/** A budget's size: `max` writes per `windowMs`. */
export interface BudgetWindow {
  max: number;
  windowMs: number;
}

/** What one `take` answered; the REST routes turn it into the x-ratelimit-* headers. */
export interface BudgetTake {
  allowed: boolean;
  limit: number;
  /** Writes left in this window after this one. */
  remaining: number;
  /** Until the window starts again. */
  resetMs: number;
}

export interface BudgetStore {
  /**
   * Spends one write from `key` when fewer than `max` were spent in its window; a refused take spends nothing,
   * so someone held back by a lower limit (a new account's) still has the rest for what a higher one allows.
   */
  take(key: string, limit: BudgetWindow): Promise<BudgetTake>;
}

/** The same store, telling `refused` about each take it refuses (metrics: a person held back by a budget). */
export function countingRefusals(store: BudgetStore, refused: () => void): BudgetStore {
  return {
    async take(key, limit) {
      const take = await store.take(key, limit);
      if (!take.allowed) refused();
      return take;
    },
  };
}

/** The budgets a person spends from; one key per kind of write, so REST and hubs meet in the same counter. */
export const budgetKeys = {
  chatMessage: (userId: number) => `chat-message:user:${userId}`,
  supportMessage: (userId: number) => `support-message:user:${userId}`,
};

/** Tells a caller what is left of the budget a write spent from (REST sets the x-ratelimit-* headers from it). */
export type BudgetListener = (take: BudgetTake) => void;

/**
 * The budget for sending messages (chat and support alike): the size Message/send's per-address limit had,
 * a tenth of the global API limit but never under 30, per global window (60 a minute by default).
 */
export function messageBudgetWindow(global: BudgetWindow): BudgetWindow {
  return { max: Math.max(30, Math.floor(global.max / 10)), windowMs: global.windowMs };
}

/**
 * A new account's share of its message budget for messages nobody has answered yet (starting a chat, or
 * writing again before the other side replied): half, until the account is CHAT_LIMITS.newAccountAgeMs old.
 */
export const newAccountShare = (limit: number) => Math.max(1, Math.floor(limit / 2));
