/** The composition root's messaging part (index.ts): chats, support, the message budgets and the safety check. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/bus.js';
import type { DurableEvents } from '../events/durable.js';
import { createHeldMessages } from '../modules/message/held-messages.js';
import { createMessageService } from '../modules/message/message.service.js';
import { staffLabelledMessages } from '../modules/message/staff-decisions.repository.js';
import { createSupportService, createSupportUnreadCounter } from '../modules/support/support.service.js';
import type { Metrics } from '../services/metrics/index.js';
import {
  countingRefusals,
  createMemoryBudgetStore,
  createRedisBudgetStore,
  messageBudgetWindow,
  type BudgetStore,
} from '../services/rate-budget/index.js';
import { createSafetyCheck } from '../services/safety/index.js';
import type { Closers } from './closers.js';
import type { Storage } from './storage.js';

/** How often each process's safety classifier learns staff decisions again. */
const SAFETY_RETRAIN_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Conversations: chats about listings and support tickets, and each person's message budgets, which every way of
 * sending (REST and the hubs) spends from in the services.
 */
export function composeMessaging({
  config,
  storage,
  events,
  durable,
  metrics,
  log,
  closers: onClose,
}: {
  config: AppConfig;
  storage: Storage;
  events: EventBus;
  durable: DurableEvents;
  metrics: Metrics;
  log: FastifyBaseLogger;
  closers: Closers;
}) {
  const { database, imageStore: store, redis } = storage;
  const db = database.db;
  const unreadSupport = createSupportUnreadCounter(db);
  const safety = createSafetyCheck({ publicUrl: config.publicUrl, productName: config.productName });
  // Each process holds its own classifier, so each learns staff decisions itself: a minute after start, then
  // every few hours (docs/product.md §16; decision 0018).
  const retrainSafety = async () => safety.retrain(await staffLabelledMessages(db));
  let retraining: NodeJS.Timeout = setTimeout(function retrain() {
    retrainSafety()
      .catch((error: unknown) => log.warn({ err: error }, 'safety classifier not retrained'))
      .finally(() => {
        retraining = setTimeout(retrain, SAFETY_RETRAIN_EVERY_MS).unref();
      });
  }, 60_000).unref();
  onClose.push(async () => clearTimeout(retraining));
  // Kept where the REST limiter's counters are: in Redis when set, so every process spends from one budget.
  const kept: BudgetStore = redis
    ? createRedisBudgetStore(redis, config.redisKeyPrefix, log)
    : createMemoryBudgetStore();
  const budgets = metrics.enabled ? countingRefusals(kept, () => metrics.rateLimited('message')) : kept;
  const budgetWindow = messageBudgetWindow(config.rateLimit.global);
  return {
    budgets,
    chats: createMessageService({
      db,
      store,
      durable,
      budgets,
      budgetWindow,
      requireVerifiedEmail: config.emailVerification.required,
      safety,
      unreadSupport: (userId) => unreadSupport.countForUserId(userId),
    }),
    support: createSupportService({
      db,
      productName: config.productName,
      events,
      durable,
      budgets,
      budgetWindow,
    }),
    held: createHeldMessages({ db, durable }),
    /** Learns staff decisions now (the periodic retraining's own step; tests call it). */
    retrainSafety,
  };
}
export type Messaging = ReturnType<typeof composeMessaging>;
