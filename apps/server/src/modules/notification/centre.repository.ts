/**
 * The notification centre's SQL (docs/product.md §10). Creating and gathering are one statement each, so two
 * events of one group arriving at once (two processes, two messages) still leave one unread entry: the partial
 * unique index on (user_id, group_key) for unread rows decides.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications, type NotificationRow } from '../../db/schema.js';

export type { Executor };

export interface NewEntry {
  type: string;
  title: string;
  body: string;
  link: string;
  groupKey?: string;
  /** Who caused it (the liker, the sender): distinct actors are counted into the gathered entry. */
  actorId?: number;
  /**
   * A record of the person's own action (they reserved a listing): kept in their list, already read, so it
   * neither rings the bell nor goes out by push or e-mail. Never gathers into an unread entry.
   */
  ownAction?: boolean;
  /**
   * The other person a record of one's own action names ("You reserved Lamp for alice"): not its actor, yet it
   * forgets them with their account as an actor's entry does (account-data.repository.ts).
   */
  namedId?: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface RawRow {
  id: number | string;
  user_id: number | string;
  type: string;
  title: string;
  body: string;
  link: string;
  group_key: string | null;
  actor_count: number;
  data: unknown;
  read_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRaw(row: RawRow): NotificationRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    groupKey: row.group_key,
    actorCount: Number(row.actor_count),
    data: row.data,
    readAt: row.read_at === null ? null : toDate(row.read_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

// Operators such as @> and -> share one precedence in PostgreSQL: every operand is parenthesised.
const actorsSoFar = sql.raw(`coalesce(notifications.data -> 'actors', '[]'::jsonb)`);
/**
 * A recipient who blocked the entry's actor hears nothing of them (modules/user/reach.ts): one condition that
 * every entry passes, whatever made it (a reservation, a reminder, a new listing, a like).
 */
const notBlockedBy = (actorId: number | undefined) =>
  actorId === undefined
    ? sql``
    : sql`and not exists (select 1 from user_blocks ub where ub.blocker_id = u.id and ub.blocked_id = ${actorId})`;

const known = sql.raw(
  `(coalesce(notifications.data -> 'actors', '[]'::jsonb) @> (excluded.data -> 'actors'))`,
);

/**
 * Creates the entry, or updates the unread one of its group (new texts, back to the top, one more actor when this
 * actor is new to it). Only for an account that exists, is not banned and did not block the actor: otherwise
 * nothing, and undefined.
 */
export async function upsertEntry(
  db: Executor,
  userId: number,
  entry: NewEntry,
): Promise<NotificationRow | undefined> {
  const actors = JSON.stringify(entry.actorId === undefined ? [] : [entry.actorId]);
  if (entry.ownAction) {
    const named = JSON.stringify(entry.namedId === undefined ? [] : [entry.namedId]);
    const recorded = await db.execute(sql`
      insert into notifications (user_id, type, title, body, link, group_key, actor_count, data, read_at)
      select u.id, ${entry.type}, ${entry.title}, ${entry.body}, ${entry.link}, ${entry.groupKey ?? null}, 1,
             jsonb_build_object('actors', ${actors}::jsonb, 'named', ${named}::jsonb), now()
      from users u where u.id = ${userId} and u.banned_at is null ${notBlockedBy(entry.actorId)}
      returning *`);
    const row = rowsOf<RawRow>(recorded)[0];
    return row ? fromRaw(row) : undefined;
  }
  const result = await db.execute(sql`
    insert into notifications (user_id, type, title, body, link, group_key, actor_count, data)
    select u.id, ${entry.type}, ${entry.title}, ${entry.body}, ${entry.link}, ${entry.groupKey ?? null}, 1,
           jsonb_build_object('actors', ${actors}::jsonb)
    from users u where u.id = ${userId} and u.banned_at is null ${notBlockedBy(entry.actorId)}
    on conflict (user_id, group_key) where read_at is null and group_key is not null do update set
      title = excluded.title, body = excluded.body, link = excluded.link, updated_at = now(),
      data = case when ${known} then notifications.data
        else jsonb_set(notifications.data, '{actors}', ${actorsSoFar} || (excluded.data -> 'actors')) end,
      actor_count = case when ${known} then notifications.actor_count else notifications.actor_count + 1 end
    returning *`);
  const row = rowsOf<RawRow>(result)[0];
  return row ? fromRaw(row) : undefined;
}

/**
 * Creates the entry for each of these people who never had one of `groupKey`, read or not: a reminder or a new
 * listing reaches each person once however often its job runs. One statement for all of them (a seller's many
 * followers). Answers the entries made; none for accounts that are gone, banned or blocked the actor.
 */
export async function insertOnceForEach(
  db: Executor,
  userIds: readonly number[],
  entry: NewEntry & { groupKey: string },
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`
    insert into notifications (user_id, type, title, body, link, group_key)
    select u.id, ${entry.type}, ${entry.title}, ${entry.body}, ${entry.link}, ${entry.groupKey}
    from users u
    where u.id = any(${`{${userIds.join(',')}}`}::bigint[]) and u.banned_at is null ${notBlockedBy(entry.actorId)}
      and not exists (select 1 from notifications n where n.user_id = u.id and n.group_key = ${entry.groupKey})
    on conflict do nothing
    returning *`);
  return rowsOf<RawRow>(result).map(fromRaw);
}

export async function setTitle(db: Executor, id: number, title: string): Promise<void> {
  await db.update(notifications).set({ title }).where(eq(notifications.id, id));
}

/** Newest activity first: an entry that gathered one more event moves back to the top. */
export async function listEntries(db: Executor, userId: number, offset: number, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .offset(offset)
    .limit(limit);
}

/** Whether the person's entry is there and still unread (a push for a read one is old news). */
export async function isEntryUnread(db: Executor, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row !== undefined;
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Unread counts of several people at once (everyone told of one new listing). */
export async function countUnreadOf(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [Number(row.userId), Number(row.n)]));
}

/** Marks read what is this person's and unread among `ids`; other ids match nothing. Answers how many changed. */
/** Answers the entries it read, with what they were about. */
export async function markIdsRead(db: Executor, userId: number, ids: number[]) {
  return db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id, type: notifications.type, groupKey: notifications.groupKey });
}

export async function markAllRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks read this person's unread entry of a group (the chat they just read). */
export async function markGroupRead(db: Executor, userId: number, groupKey: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
