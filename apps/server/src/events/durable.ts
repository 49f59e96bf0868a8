/**
 * Durable domain events (a transactional outbox on the job queue's own table, docs/architecture.md): what must
 * follow a write (a notification entry, its push and e-mail, a saved-search alert) is recorded in the write's own
 * transaction and done by processors, each at least once and, keyed by the event's id and its own name, with an
 * effect exactly once. A process that dies after the commit leaves the jobs to whichever process runs next.
 *
 * Every consequence has one form, a processor: `{ event, name, handle }`, kept per module in
 * `modules/<m>/<m>.processors.ts` and registered in the composition root with `durable.register`. Live delivery to open
 * pages stays on the bus (`events.emit` after the commit, realtime/delivery/): it is immediate and needs no retry,
 * since a page that missed it catches up when it reconnects.
 */
import { sql } from 'drizzle-orm';
import { withTransaction, type Database, type Transaction } from '../db/client.js';
import { JOBS_CHANNEL } from '../jobs/queue/listen.js';
import type { EnqueueOptions, JobKind, JobQueue } from '../jobs/queue/queue.js';
import { orderKeysLocked } from '../jobs/queue/queue.repository.js';
import type { DomainEventName, EventBus } from './bus.js';
import type { DomainEventMap } from './domain-events.js';

/** Records an event in the transaction it was handed with; after the commit it is also told live on the bus. */
export type RecordEvent = <K extends DomainEventName>(name: K, event: DomainEventMap[K]) => Promise<void>;

export interface ProcessorContext {
  /** The processor's transaction: its effects, the record that it ran, and the jobs it enqueues commit together. */
  tx: Transaction;
  /** The event's id: the same for every processor of one event, and for every retry. */
  eventId: number;
  /** Records events that follow from this one (a notification entry made), in the same transaction. */
  record: RecordEvent;
  /** Work for after the commit that may be lost with the process (a cache of what was enqueued). */
  afterCommit(effect: () => void): void;
  /**
   * Enqueues a job of the queue in this transaction, at its end: with an `inOrderOf`, its key is locked there with
   * the recorded events' keys, all in one order, so two transactions enqueueing for the same people in opposite
   * orders cannot deadlock (as `queue.enqueue` with `tx`, which locks the key at once, could).
   */
  enqueue(name: string, payload: unknown, options?: DeferredJobOptions): void;
}

/** What a processor's deferred job may carry (the queue's `EnqueueOptions` without its transaction). */
export type DeferredJobOptions = Omit<EnqueueOptions, 'tx'>;

export interface EventProcessor<K extends DomainEventName = DomainEventName> {
  event: K;
  /** Unique among processors, in the product's words: `notifications.chatMessage`. */
  name: string;
  /**
   * Runs inside the transaction that records the event rather than as a job of its own: for a consequence that
   * is only a few statements in the same database (enqueueing a push), where another hop would buy nothing.
   */
  inTransaction?: boolean;
  /**
   * The order its jobs keep (the queue's `inOrderOf`): events with the same key are handled one after another, in
   * the order they were recorded, by this processor and any other that answers the same key. A person's
   * notification entries, for one: a chat's second message must not be told before its first.
   */
  inOrderOf?: (event: DomainEventMap[K]) => string;
  /** Attempts before its job is dead (the queue's default otherwise). */
  maxAttempts?: number;
  handle(event: DomainEventMap[K], context: ProcessorContext): Promise<void>;
}

/** Keeps `event` and `handle`'s payload in step when a processor is written as a literal. */
export const processor = <K extends DomainEventName>(definition: EventProcessor<K>) =>
  definition as unknown as EventProcessor;

/** A processor's job payload: the event as recorded. JSON, so dates travel as ISO strings. */
interface EventJob {
  eventId: number;
  event: unknown;
}

/** The job kind of a processor that runs as a job. */
export const processorJob = (name: string) => `event:${name}`;

export interface DurableEvents {
  /** Registers processors, each once (before the queue starts): a job kind for those that run as jobs. */
  register(processors: readonly EventProcessor[]): void;
  /**
   * One transaction whose recorded events are processed durably and, once it has committed, told live on the
   * bus: the form every write with consequences takes.
   */
  transaction<T>(work: (tx: Transaction, record: RecordEvent) => Promise<T>): Promise<T>;
  /** The processors registered, for tests and docs. */
  readonly processors: readonly EventProcessor[];
}

export interface DurableEventsOptions {
  db: Database;
  queue: JobQueue;
  bus: EventBus;
}

export function createDurableEvents({ db, queue, bus }: DurableEventsOptions): DurableEvents {
  const byEvent = new Map<DomainEventName, EventProcessor[]>();
  const registered: EventProcessor[] = [];

  /**
   * Runs the in-transaction processors of `name` in `tx` and leaves the others' jobs to `enqueueRecorded`, at the
   * end of the same transaction.
   */
  async function recordIn(
    tx: Transaction,
    name: DomainEventName,
    event: unknown,
    after: After,
  ): Promise<void> {
    after.told.push([name, event]);
    const list = byEvent.get(name) ?? [];
    if (list.length === 0) return;
    const inTransaction = list.filter((definition) => definition.inTransaction);
    const queued = list.filter((definition) => !definition.inTransaction);
    // A processor in the transaction needs the id now; otherwise it is drawn with the jobs, in one statement.
    const eventId = inTransaction.length > 0 ? await nextEventId(tx) : undefined;
    if (queued.length > 0)
      after.recorded.push({
        eventId,
        event,
        jobs: queued.map((definition) => ({
          kind: processorJob(definition.name),
          maxAttempts: definition.maxAttempts ?? 8,
          inOrderOf: definition.inOrderOf?.(event as never) ?? null,
        })),
      });
    for (const definition of inTransaction)
      await definition.handle(event as never, contextOf(tx, eventId!, after));
  }

  /**
   * Inserts the jobs of the events `tx` recorded, as its last statements: their order keys are locked at once, in
   * one order, and held to the commit, so the locks wait as little as they can and never in a circle.
   */
  async function enqueueRecorded(tx: Transaction, after: After): Promise<void> {
    if (after.recorded.length === 0 && after.jobs.length === 0) return;
    const keys = [
      ...after.recorded.flatMap(({ jobs }) => jobs.flatMap((job) => job.inOrderOf ?? [])),
      ...after.jobs.flatMap(({ options }) => options.inOrderOf ?? []),
    ];
    // Usually folded into the first event's insert; with deferred jobs (whose inserts lock their own key again,
    // already held) or none to insert, a statement of its own.
    const folded = after.recorded.length > 0 && after.jobs.length === 0;
    if (!folded && keys.length > 0) await lockOrderKeys(tx, keys);
    for (const [index, recorded] of after.recorded.entries())
      await insertEventJobs(tx, recorded, folded && index === 0 ? keys : []);
    for (const { name, payload, options } of after.jobs)
      await queue.enqueue(name, payload, { ...options, tx });
    // On PGlite the workers' claim waits for this transaction's end; on PostgreSQL the NOTIFY wakes them then.
    queue.wake();
  }

  const contextOf = (tx: Transaction, eventId: number, after: After): ProcessorContext => ({
    tx,
    eventId,
    record: (next, payload) => recordIn(tx, next, payload, after),
    afterCommit: (effect) => after.effects.push(effect),
    enqueue: (name, payload, options = {}) => after.jobs.push({ name, payload, options }),
  });

  function define(definition: EventProcessor) {
    const kind: JobKind<EventJob> = {
      name: processorJob(definition.name),
      ...(definition.maxAttempts !== undefined && { maxAttempts: definition.maxAttempts }),
      handler: async ({ eventId, event }) => {
        const after = freshAfter();
        await withTransaction(db, async (tx) => {
          after.reset();
          // Done already: an earlier run committed its effects and died before the job was marked done.
          if (!(await markProcessed(tx, definition.name, eventId))) return;
          await definition.handle(event as never, contextOf(tx, eventId, after));
          await enqueueRecorded(tx, after);
        });
        await after.tell(bus);
      },
    };
    queue.define(kind);
  }

  return {
    get processors() {
      return registered;
    },
    register(processors) {
      for (const definition of processors) {
        if (registered.some((known) => known.name === definition.name))
          throw new Error(`two event processors are named ${definition.name}`);
        registered.push(definition);
        byEvent.set(definition.event, [...(byEvent.get(definition.event) ?? []), definition]);
        if (!definition.inTransaction) define(definition);
      }
    },
    async transaction(work) {
      const after = freshAfter();
      const result = await withTransaction(db, async (tx) => {
        after.reset(); // a transaction run again starts over
        const answer = await work(tx, (name, event) => recordIn(tx, name, event, after));
        await enqueueRecorded(tx, after);
        return answer;
      });
      await after.tell(bus);
      return result;
    },
  };
}

/** An event recorded in a transaction whose processors' jobs are inserted at its end. */
interface RecordedEvent {
  /** Drawn already when a processor in the transaction needed it. */
  eventId: number | undefined;
  event: unknown;
  jobs: Array<{ kind: string; maxAttempts: number; inOrderOf: string | null }>;
}

/**
 * What a transaction leaves for its end, the events whose jobs are still to insert, and for after its commit: the
 * events it recorded, to tell live, and its effects.
 */
interface After {
  recorded: RecordedEvent[];
  /** Jobs processors enqueued in the transaction (`ProcessorContext.enqueue`), inserted at its end. */
  jobs: Array<{ name: string; payload: unknown; options: DeferredJobOptions }>;
  told: Array<[DomainEventName, unknown]>;
  effects: Array<() => void>;
  reset(): void;
  tell(bus: EventBus): Promise<void>;
}

function freshAfter(): After {
  const after: After = {
    recorded: [],
    jobs: [],
    told: [],
    effects: [],
    reset() {
      after.recorded = [];
      after.jobs = [];
      after.told = [];
      after.effects = [];
    },
    async tell(bus) {
      for (const effect of after.effects) effect();
      for (const [name, event] of after.told) await bus.emit(name, event as never);
    },
  };
  return after;
}

const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;

async function lockOrderKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  await tx.execute(sql`with ${orderKeysLocked(keys)} select 1 from order_keys_locked`);
}

async function nextEventId(tx: Transaction): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval('domain_event_ids') as id`),
  );
  return Number(row!.id);
}

/**
 * Inserts one job per queued processor of an event, in one statement, after taking the locks of `lockKeys` and,
 * unless it has one, the event's id. The NOTIFY, as the queue's own insert sends it, wakes every process's workers
 * at the commit.
 */
async function insertEventJobs(
  tx: Transaction,
  { eventId, event, jobs }: RecordedEvent,
  lockKeys: readonly string[],
): Promise<void> {
  const locking = lockKeys.length > 0;
  await tx.execute(sql`
    with ${locking ? sql`${orderKeysLocked(lockKeys)},` : sql``}
    event as (
      select ${eventId === undefined ? sql`nextval('domain_event_ids')` : sql`${eventId}::bigint`} as id
      ${locking ? sql`from order_keys_locked` : sql``}),
    inserted as (
      insert into jobs (name, payload, max_attempts, idempotency_key, in_order_of)
      select kinds.kind,
             jsonb_build_object('eventId', event.id, 'event', ${JSON.stringify(event)}::jsonb),
             kinds.max_attempts, 'event:' || event.id || ':' || kinds.kind, kinds.in_order_of
      from event,
           unnest(${sql.raw(arrayOf(jobs.map((job) => job.kind)))}::text[],
                  ${sql.raw(`array[${jobs.map((job) => Number(job.maxAttempts)).join(',')}]`)}::int[],
                  array[${sql.join(
                    jobs.map((job) => sql`${job.inOrderOf}`),
                    sql`, `,
                  )}]::text[])
             as kinds(kind, max_attempts, in_order_of)
      returning pg_notify(${JOBS_CHANNEL}, name)
    )
    select id from event`);
}

/** A text[] literal of job kind names (our own identifiers: letters, digits, dots and colons). */
function arrayOf(values: string[]): string {
  for (const value of values) {
    if (!/^[\w.:-]+$/.test(value)) throw new Error(`unexpected job kind ${value}`);
  }
  return `array[${values.map((value) => `'${value}'`).join(',')}]`;
}

/** Answers false when this processor handled the event already (its record is there). */
async function markProcessed(tx: Transaction, processorName: string, eventId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into processed_events (processor, event_id) values (${processorName}, ${eventId})
    on conflict do nothing returning event_id`);
  return rowsOf(result).length > 0;
}

/** Forgets what processors handled once their jobs are long finished (the queue's upkeep keeps done jobs a week). */
export async function forgetProcessedEvents(db: Database, olderThanMs: number): Promise<number> {
  const result = await db.execute(sql`
    delete from processed_events where processed_at < now() - ${olderThanMs} * interval '1 millisecond'
    returning 1`);
  return rowsOf(result).length;
}
