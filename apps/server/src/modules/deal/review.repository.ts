/** Ratings of deals (docs/product.md §20): the `reviews` and `review_reports` tables, written only here. */
import { and, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REVIEW_LIMITS,
  type AccountExport,
  type Reputation,
  type StaffReportedReview,
} from '@rummage/contract';
import { preparedRows, type Database } from '../../db/client.js';
import { deals, reviewReports, reviews, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';
import { dealsOf } from './deal.repository.js';
import { presentDeal } from './deal.presenter.js';

export type ReviewRow = typeof reviews.$inferSelect;

const author = alias(users, 'review_author');

/**
 * A rating anyone may read: of a deal not called off, published (both rated) or past its window even before the
 * job that publishes it has run, not removed by staff, and not by someone whose account is suspended. A deleted
 * author's ratings stay.
 */
export function visibleReview(at: Date): SQL {
  return and(
    eq(deals.status, 'completed'),
    or(sql`${reviews.publishedAt} is not null`, lte(deals.rateUntil, at)),
    isNull(reviews.removedAt),
    isNull(author.bannedAt),
  )!;
}

export async function findOwn(db: Db, dealId: number, authorId: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.dealId, dealId), eq(reviews.authorId, authorId)));
  return row;
}

/** Stores a rating; undefined when this side had already rated the deal. */
export async function insertReview(
  db: Db,
  review: typeof reviews.$inferInsert,
): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
  return row;
}

/** Publishes the deal's hidden ratings at `at`; answers those it published. */
export async function publish(db: Db, dealId: number, at: Date): Promise<ReviewRow[]> {
  return db
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.dealId, dealId), isNull(reviews.publishedAt)))
    .returning();
}

/** One rating with whether anyone may read it now. */
export async function findWithVisibility(db: Db, id: number, at: Date) {
  const [row] = await db
    .select({ review: reviews, visible: sql<boolean>`(${visibleReview(at)})` })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .leftJoin(author, eq(author.id, reviews.authorId))
    .where(eq(reviews.id, id));
  return row;
}

export async function setReply(db: Db, id: number, text: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ reply: text, repliedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

export async function addReport(db: Db, report: { reviewId: number; reporterId: number; reason?: string }) {
  const rows = await db
    .insert(reviewReports)
    .values({ reviewId: report.reviewId, reporterId: report.reporterId, reason: report.reason ?? null })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  return rows.length > 0;
}

/** Staff take the rating down: it leaves every answer, and its open reports are handled. */
export async function remove(db: Db, id: number, reason: string, at: Date): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ removedAt: at, removedReason: reason })
    .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
    .returning();
  await db
    .update(reviewReports)
    .set({ status: 'reviewed' })
    .where(and(eq(reviewReports.reviewId, id), eq(reviewReports.status, 'open')));
  return row;
}

/** A person's readable ratings, newest first; one more than asked tells whether there are more. */
export async function publishedAbout(
  db: Db,
  subjectId: number,
  at: Date,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      text: reviews.text,
      role: reviews.role,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      authorId: author.id,
      authorName: author.username,
    })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .leftJoin(author, eq(author.id, reviews.authorId))
    .where(and(eq(reviews.subjectId, subjectId), visibleReview(at)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(page.offset)
    .limit(page.limit + 1);
}

/** The author still has an account (a deleted one's ratings stay, naming nobody). */
export async function accountExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Someone whose ratings may be read: an account not suspended. */
/** A person whose profile anyone may read (not banned), with their reputation's version; undefined otherwise. */
export async function personShown(db: Db, id: number): Promise<{ reputationVersion: number } | undefined> {
  const [row] = await db
    .select({ reputationVersion: users.reputationVersion })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.bannedAt)));
  return row;
}

const subject = alias(users, 'review_subject');
const reporter = alias(users, 'review_reporter');
/** The staff queue shows this many reported ratings at most, most recently reported first. */
const REPORTED_REVIEWS_MAX = 100;

/** Reported ratings for the staff queue: with open reports (`open`), or every reported one (`all`). */
export async function reportedReviews(
  db: Db,
  status: 'open' | 'all',
  deletedUser: string,
): Promise<StaffReportedReview[]> {
  const rows = await db
    .select({
      report: reviewReports,
      reporterName: reporter.username,
      review: reviews,
      authorName: author.username,
      subjectName: subject.username,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(reporter, eq(reporter.id, reviewReports.reporterId))
    .leftJoin(author, eq(author.id, reviews.authorId))
    .leftJoin(subject, eq(subject.id, reviews.subjectId))
    .where(
      status === 'open'
        ? sql`${reviews.id} in (select review_id from review_reports where status = 'open')`
        : undefined,
    )
    .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id))
    .limit(REPORTED_REVIEWS_MAX * 5);
  const byReview = new Map<number, StaffReportedReview>();
  for (const row of rows) {
    let entry = byReview.get(row.review.id);
    if (!entry) {
      if (byReview.size >= REPORTED_REVIEWS_MAX) continue;
      entry = {
        reviewId: row.review.id,
        stars: row.review.stars,
        text: row.review.text,
        authorId: row.authorName === null ? null : row.review.authorId,
        authorName: row.authorName ?? deletedUser,
        subjectId: row.subjectName === null ? null : row.review.subjectId,
        subjectName: row.subjectName ?? deletedUser,
        removedAt: row.review.removedAt?.toISOString() ?? null,
        removedReason: row.review.removedReason,
        openReports: 0,
        lastReportedAt: row.report.createdAt.toISOString(),
        reports: [],
      };
      byReview.set(row.review.id, entry);
    }
    if (row.report.status === 'open') entry.openReports += 1;
    entry.reports.push({
      id: row.report.id,
      reporterId: row.report.reporterId,
      reporterName: row.reporterName,
      reason: row.report.reason,
      status: row.report.status,
      createdAt: row.report.createdAt.toISOString(),
    });
  }
  return [...byReview.values()];
}

interface ReputationRow extends Record<string, unknown> {
  avg_all: string | null;
  n_all: number;
  avg_seller: string | null;
  n_seller: number;
  avg_buyer: string | null;
  n_buyer: number;
  deals: number;
  median_minutes: string | number | null;
  samples: number;
}

const average = (value: string | null) => (value === null ? null : Number(value));

/** The name the reputation statement is prepared under. */
const REPUTATION_STATEMENT = 'rummage_reputation';

const reputationStatements = new WeakMap<
  Database,
  (values: { userId: number; at: string; since: string }) => Promise<ReputationRow[]>
>();

/**
 * Every profile answer runs this, so it is prepared once by name (`preparedRows`): planning it each time took
 * 1.5–6 ms on PostgreSQL, several times its execution for most people. The reply time reads, per chat begun in the
 * window, the buyer's first message and the seller's first after it, which every message's insert keeps on the
 * conversation (`asked_at`, `answered_at`): one range of conversations_seller_id_created_at_idx. Read from the
 * messages, a seller with 3,000 such chats cost 806 ms on PostgreSQL, then 9–12 ms with an index of the messages;
 * docs/benchmarks.md, "bench/profile".
 */
function reputationStatement(db: Database) {
  let statement = reputationStatements.get(db);
  if (statement) return statement;
  const userId = sql.placeholder('userId');
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  statement = preparedRows<ReputationRow>(
    db,
    sql`with visible as (
        select r.stars, r.role from reviews r
        join deals d on d.id = r.deal_id
        left join users a on a.id = r.author_id
        where r.subject_id = ${userId} and d.status = 'completed' and r.removed_at is null and a.banned_at is null
          and (r.published_at is not null or d.rate_until <= ${at})
      ), replies as (
        select extract(epoch from (c.answered_at - c.asked_at)) / 60 as minutes
        from conversations c
        where c.seller_id = ${userId} and c.created_at > ${since} and c.asked_at is not null
      )
      select
        (select round(avg(stars), 1)::text from visible) as avg_all,
        (select count(*)::int from visible) as n_all,
        (select round(avg(stars), 1)::text from visible where role = 'seller') as avg_seller,
        (select count(*)::int from visible where role = 'seller') as n_seller,
        (select round(avg(stars), 1)::text from visible where role = 'buyer') as avg_buyer,
        (select count(*)::int from visible where role = 'buyer') as n_buyer,
        (select count(*)::int from deals
          where status = 'completed' and (seller_id = ${userId} or buyer_id = ${userId})) as deals,
        (select percentile_cont(0.5) within group (order by minutes) from replies where minutes is not null)
          as median_minutes,
        (select count(*)::int from replies where minutes is not null) as samples`,
    REPUTATION_STATEMENT,
  );
  reputationStatements.set(db, statement);
  return statement;
}

/**
 * A person's reputation in one statement (docs/product.md §20): averages to one decimal over the ratings anyone
 * may read, completed deals, and the median minutes to their first reply in chats about their listings begun in
 * the last 90 days (null with fewer than 3 answered).
 */
export async function reputationOf(db: Database, userId: number, at: Date): Promise<Reputation> {
  const since = new Date(at.getTime() - REVIEW_LIMITS.replyDays * 86_400_000);
  const [row] = await reputationStatement(db)({
    userId,
    at: at.toISOString(),
    since: since.toISOString(),
  });
  const samples = Number(row?.samples ?? 0);
  const median = row?.median_minutes ?? null;
  return {
    average: average(row?.avg_all ?? null),
    count: Number(row?.n_all ?? 0),
    asSeller: { average: average(row?.avg_seller ?? null), count: Number(row?.n_seller ?? 0) },
    asBuyer: { average: average(row?.avg_buyer ?? null), count: Number(row?.n_buyer ?? 0) },
    deals: Number(row?.deals ?? 0),
    medianReplyMinutes:
      samples >= REVIEW_LIMITS.replySamplesMin && median !== null ? Math.round(Number(median)) : null,
  };
}

/**
 * The person's deals for their export: each with the rating they gave, and the one they received only once anyone
 * may read it (a rating waiting for theirs stays out, as everywhere).
 */
export async function dealsForExport(db: Db, userId: number, at: Date): Promise<AccountExport['deals']> {
  const rows = await dealsOf(db, userId, null);
  if (rows.length === 0) return [];
  const ratings = await db
    .select({ review: reviews, visible: sql<boolean>`(${visibleReview(at)})` })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .leftJoin(author, eq(author.id, reviews.authorId))
    .where(
      and(
        or(eq(deals.sellerId, userId), eq(deals.buyerId, userId)),
        or(eq(reviews.authorId, userId), eq(reviews.subjectId, userId)),
      ),
    );
  return rows.map((row) => {
    const given = ratings.find((r) => r.review.dealId === row.id && r.review.authorId === userId)?.review;
    const aboutThem = ratings.find((r) => r.review.dealId === row.id && r.review.subjectId === userId);
    const received = aboutThem?.visible ? aboutThem.review : undefined;
    const replied = aboutThem?.review;
    const published = given && (given.publishedAt !== null || row.rateUntil.getTime() <= at.getTime());
    return {
      ...presentDeal(row),
      role: row.sellerId === userId ? ('seller' as const) : ('buyer' as const),
      ratingGiven: given
        ? {
            stars: given.stars,
            text: given.text,
            status: given.removedAt !== null ? 'removed' : published ? 'published' : 'pending',
            removedReason: given.removedReason,
            reply: given.reply,
            createdAt: given.createdAt.toISOString(),
          }
        : null,
      ratingReceived: received
        ? {
            stars: received.stars,
            text: received.text,
            reply: received.reply,
            createdAt: received.createdAt.toISOString(),
          }
        : null,
      replyWritten:
        replied?.reply != null
          ? { text: replied.reply, createdAt: (replied.repliedAt ?? replied.createdAt).toISOString() }
          : null,
    };
  });
}

export async function ratingReportsBy(db: Db, userId: number): Promise<AccountExport['ratingReports']> {
  const rows = await db
    .select({
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      status: reviewReports.status,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(eq(reviewReports.reporterId, userId));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Locks the person and everyone they rated, in id order: a ban, its end, or deleting a banned person's account
 * bumps the reputation of each of them (migrations 0029, 0031), and taking the person's row first while another
 * write takes the same people in id order could meet it the other way round.
 */
export async function lockRaterAndRated(db: Db, id: number): Promise<void> {
  await db.execute(sql`select 1 from users
    where id = ${id} or id in (select subject_id from reviews where author_id = ${id})
    order by id for update`);
}
