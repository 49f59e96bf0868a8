import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { garageSales, productReports, products, users } from '../../db/schema.js';
import { queryRows, type Database } from '../../db/client.js';
import { selectCards, type Db } from '../product/product.cards.js';

export type { Db };

/** Reports shown per listing in the reports queue (newest first); the counts cover all of them. */
export const REPORTS_PER_LISTING = 50;
/** Listings, reports and tickets shown on one person's staff page. */
export const USER_DETAIL_LIMIT = 200;

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const toDate = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)));

// ---------------------------------------------------------------------------------------------------------
// Ticket queue

export interface QueueEntry {
  id: number;
  waitingSince: Date | null;
  unreadCount: number;
  lastMessage: string;
  lastMessageSentByUser: boolean;
}

export interface QueueFilter {
  status: 'all' | 'open' | 'closed';
  page: number;
  pageSize: number;
  /** Just this ticket's entry (the staff ticket page). */
  ticketId?: number;
}

function ticketFilter(filter: QueueFilter): SQL {
  const status = filter.status === 'all' ? sql`true` : sql`t.status = ${filter.status}`;
  return filter.ticketId === undefined ? status : sql`${status} and t.id = ${filter.ticketId}`;
}

/**
 * One page of the queue: open tickets first; among them those waiting for an answer, longest-waiting first
 * (waiting = the oldest user message after the last staff answer), then answered ones by latest activity;
 * closed tickets last, most recently closed first.
 */
export async function ticketQueue(
  db: Database,
  filter: QueueFilter,
): Promise<{ entries: QueueEntry[]; total: number }> {
  const where = ticketFilter(filter);
  const rows = await queryRows<{
    id: number | string;
    waiting_ms: number | string | null;
    unread_count: number;
    last_body: string | null;
    last_by_user: boolean | null;
  }>(
    db,
    sql`select t.id, ${epochMs(sql`w.waiting_since`)} as waiting_ms,
        (select count(*)::int from support_messages m
          where m.ticket_id = t.id and m.sent_by_user and m.id > t.staff_last_read_id) as unread_count,
        lm.body as last_body, lm.sent_by_user as last_by_user
      from support_tickets t
      left join support_messages lm on lm.id = t.last_message_id
      cross join lateral (
        select min(m.created_at) as waiting_since from support_messages m
        where m.ticket_id = t.id and m.sent_by_user and m.id > coalesce(
          (select max(s.id) from support_messages s where s.ticket_id = t.id and not s.sent_by_user), 0)
      ) w
      where ${where}
      order by (t.status = 'open') desc,
        case when t.status = 'open' then w.waiting_since end asc nulls last,
        case when t.status = 'open' then t.last_message_at end desc,
        t.closed_at desc nulls last, t.id desc
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from support_tickets t where ${where}`,
  );
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      waitingSince: toDate(row.waiting_ms),
      unreadCount: Number(row.unread_count),
      lastMessage: row.last_body ?? '',
      lastMessageSentByUser: row.last_by_user ?? true,
    })),
    total: Number(count?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reports

export interface ReportedProductEntry {
  productId: number;
  openReports: number;
  totalReports: number;
  lastReportedAt: Date;
}

/** Reported listings, those with the most open reports first, then the most recently reported. */
export async function reportedProducts(
  db: Database,
  filter: { status: 'open' | 'all'; page: number; pageSize: number },
): Promise<{ entries: ReportedProductEntry[]; total: number }> {
  const having = filter.status === 'open' ? sql`having count(*) filter (where r.status = 'open') > 0` : sql``;
  const grouped = sql`select r.product_id,
      count(*) filter (where r.status = 'open')::int as open_reports,
      count(*)::int as total_reports,
      max(r.created_at) as last_reported_at
    from product_reports r group by r.product_id ${having}`;
  const rows = await queryRows<{
    product_id: number | string;
    open_reports: number;
    total_reports: number;
    last_ms: number | string;
  }>(
    db,
    sql`select g.product_id, g.open_reports, g.total_reports, ${epochMs(sql`g.last_reported_at`)} as last_ms
      from (${grouped}) g
      order by g.open_reports desc, g.last_reported_at desc, g.product_id desc
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${grouped}) g`);
  return {
    entries: rows.map((row) => ({
      productId: Number(row.product_id),
      openReports: Number(row.open_reports),
      totalReports: Number(row.total_reports),
      lastReportedAt: new Date(Number(row.last_ms)),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Listing cards (whatever their visibility) with the reason a hidden one was hidden. */
export function listingsById(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectCards(db).where(inArray(products.id, ids));
}

export async function hiddenReasons(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, reason: products.hiddenReason })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.reason]));
}

export interface ReportRow {
  id: number;
  productId: number;
  productTitle: string;
  /** null: the report Rummage filed itself (a duplicate photo, docs/product.md §17). */
  reporterId: number | null;
  reporterName: string | null;
  reason: string | null;
  status: 'open' | 'reviewed' | 'dismissed';
  createdAt: Date;
  relatedProductId: number | null;
  relatedUserId: number | null;
  relatedUserName: string | null;
}

const reporter = alias(users, 'reporter');
const relatedUser = alias(users, 'related_user');
const reportColumns = {
  id: productReports.id,
  productId: productReports.productId,
  productTitle: products.title,
  reporterId: productReports.reporterId,
  reporterName: reporter.username,
  reason: productReports.reason,
  status: productReports.status,
  createdAt: productReports.createdAt,
  relatedProductId: productReports.relatedProductId,
  relatedUserId: productReports.relatedUserId,
  relatedUserName: relatedUser.username,
};

/** Reports with who filed them (nobody, for an automatic one) and the other listing's seller, if any. */
function selectReports(db: Db) {
  return db
    .select(reportColumns)
    .from(productReports)
    .leftJoin(reporter, eq(reporter.id, productReports.reporterId))
    .leftJoin(relatedUser, eq(relatedUser.id, productReports.relatedUserId))
    .innerJoin(products, eq(products.id, productReports.productId));
}

/** Reports of these listings, newest first. */
export function reportsOf(db: Db, productIds: number[]): Promise<ReportRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return selectReports(db)
    .where(inArray(productReports.productId, productIds))
    .orderBy(desc(productReports.createdAt), desc(productReports.id));
}

/** Reports against anything this person sells, newest first. */
export function reportsAgainst(db: Db, sellerId: number): Promise<ReportRow[]> {
  return selectReports(db)
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(productReports.createdAt), desc(productReports.id))
    .limit(USER_DETAIL_LIMIT);
}

/** Open reports per listing. */
export async function openReportCounts(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productReports.productId, n: sql<number>`count(*)::int` })
    .from(productReports)
    .where(and(inArray(productReports.productId, productIds), eq(productReports.status, 'open')))
    .groupBy(productReports.productId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** Locks the listing row for the rest of the transaction (two staff acting on one listing queue up). */
export async function lockProduct(db: Db, id: number) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId, hiddenAt: products.hiddenAt })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

export async function setHidden(
  db: Db,
  id: number,
  reason: string | null,
): Promise<{ hiddenAt: Date | null }> {
  const [row] = await db
    .update(products)
    .set(
      reason === null
        ? { hiddenAt: null, hiddenReason: null }
        : { hiddenAt: sql`coalesce(${products.hiddenAt}, now())`, hiddenReason: reason },
    )
    .where(eq(products.id, id))
    .returning({ hiddenAt: products.hiddenAt });
  return { hiddenAt: row?.hiddenAt ?? null };
}

/** Moves a listing's open reports to `status`; answers how many moved. */
export async function closeOpenReports(
  db: Db,
  productId: number,
  status: 'reviewed' | 'dismissed',
): Promise<number> {
  const rows = await db
    .update(productReports)
    .set({ status })
    .where(and(eq(productReports.productId, productId), eq(productReports.status, 'open')))
    .returning({ id: productReports.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------
// Users

export const userSummaryColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  imageUrl: users.imageUrl,
  createdAt: users.createdAt,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  address: users.address,
};

/** `%` and `_` typed by staff are letters to look for, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People whose username or e-mail contains the query (any letter case): username prefix matches first, then
 * e-mail prefix matches, then the rest, alphabetically. An empty query lists everyone, newest first.
 */
export async function searchUsers(db: Db, filter: { query: string; page: number; pageSize: number }) {
  const q = filter.query.toLowerCase();
  const contains = `%${likeEscape(q)}%`;
  const prefix = `${likeEscape(q)}%`;
  const where =
    q === ''
      ? undefined
      : sql`(lower(${users.username}) like ${contains} or lower(${users.email}) like ${contains})`;
  const order =
    q === ''
      ? [desc(users.createdAt), desc(users.id)]
      : [
          sql`(lower(${users.username}) like ${prefix}) desc`,
          sql`(lower(${users.email}) like ${prefix}) desc`,
          sql`lower(${users.username})`,
        ];
  const [rows, [count]] = await Promise.all([
    db
      .select(userSummaryColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findUserSummary(db: Db, id: number) {
  const [row] = await db.select(userSummaryColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function lockUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setBan(db: Db, id: number, reason: string | null): Promise<void> {
  await db
    .update(users)
    .set(reason === null ? { bannedAt: null, banReason: null } : { bannedAt: sql`now()`, banReason: reason })
    .where(eq(users.id, id));
}

export async function setRole(db: Db, id: number, role: 'user' | 'staff' | 'admin'): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, id));
}

/** Every listing of a person, hidden and sold ones too, newest first. */
export function listingsOf(db: Db, sellerId: number) {
  return selectCards(db)
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(USER_DETAIL_LIMIT);
}

export async function currentGarageSaleCount(db: Db, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(garageSales)
    .where(and(eq(garageSales.sellerId, sellerId), sql`${garageSales.endsAt} > now()`));
  return Number(row?.n ?? 0);
}
