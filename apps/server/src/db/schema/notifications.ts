/**
 * Work done while nobody is looking: the durable job queue, and what reaches people who are not on the site
 * (the notification centre, preferences, Web Push subscriptions, e-mail pacing). docs/product.md §10,
 * decision 0013 for the queue.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { userRef } from './people.js';

/**
 * One unit of background work. Claimed with `FOR UPDATE SKIP LOCKED` and a lease (`lease_until`); a process that
 * dies leaves its lease to expire and another claims the job again. `idempotency_key` makes enqueueing the same
 * thing twice one job. A recurring job (`every_ms` set) is one row that goes back to `ready` after each run, so
 * two processes never both run "the nightly purge". Jobs of one `in_order_of` run one after another, in the order
 * they were enqueued: a person's notification entries change in the order things happened to them.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** The job kind; its handler is registered under this name. */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('ready'),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    leaseUntil: at('lease_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key'),
    /** Unfinished jobs of the same key run one at a time, the earliest enqueued first (any kind). */
    inOrderOf: text('in_order_of'),
    /** Set for recurring jobs: the row is rescheduled this long after each run. */
    everyMs: bigint('every_ms', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('ready', 'running', 'done', 'dead')`),
    uniqueIndex('jobs_idempotency_key_key').on(t.idempotencyKey),
    // The claim's scan: ready jobs by due time, and running jobs whose lease ran out.
    index('jobs_ready_run_at_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'ready'`),
    index('jobs_running_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_state_finished_at_idx').on(t.state, t.finishedAt),
    // The claim's look for an earlier unfinished job of the same order.
    index('jobs_in_order_of_idx')
      .on(t.inOrderOf, t.id)
      .where(sql`${t.inOrderOf} is not null and ${t.state} in ('ready', 'running')`),
  ],
);

/** Durable events' ids (events/durable.ts): each recorded event takes one, shared by all its processors' jobs. */
export const domainEventIds = pgSequence('domain_event_ids');

/**
 * Which durable event each processor has handled (events/durable.ts): written in the processor's own transaction,
 * with what it did, so a job run again after a crash between that commit and the job's completion does nothing.
 * Kept as long as finished jobs are (a job that can still run again can only be one not yet finished).
 */
export const processedEvents = pgTable(
  'processed_events',
  {
    processor: text('processor').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    processedAt: at('processed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.processor, t.eventId] }),
    index('processed_events_processed_at_idx').on(t.processedAt),
  ],
);

/**
 * An entry of a person's notification centre. `group_key` gathers related events into one unread entry (the
 * messages of one chat, the likes of one listing); `actor_count` and `data` say what it gathered.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef('user_id'),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    groupKey: text('group_key'),
    actorCount: integer('actor_count').notNull().default(1),
    data: jsonb('data').notNull().default({}),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_id_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // At most one unread entry per group: the next event of the group updates it.
    uniqueIndex('notifications_user_group_unread_key')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
  ],
);

/** What a person chose to receive by e-mail and by push; no row means the defaults (contract). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userRef('user_id').primaryKey(),
  email: jsonb('email').notNull(),
  push: jsonb('push').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A browser's Web Push subscription (RFC 8030). The endpoint names one browser profile, so it is unique: when
 * someone else signs in there and subscribes, the row moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSuccessAt: at('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

/** When a notification e-mail about a thread (a chat, a ticket) last went out: at most one per thread per hour. */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    userId: userRef('user_id'),
    threadKey: text('thread_key').notNull(),
    lastSentAt: at('last_sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadKey] })],
);

/**
 * Keys the server makes once and every process shares (the VAPID key pair, the unsubscribe-link signing key).
 * In the database, not the data directory, so processes on several machines agree.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type JobRow = typeof jobs.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
