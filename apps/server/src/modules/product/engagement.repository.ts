import { and, eq, sql } from 'drizzle-orm';
import { follows, productLikes, productReports, products, productViews } from '../../db/schema.js';
import type { Db } from './product.cards.js';

/** A transaction-scoped lock on (user, listing): released by commit or rollback, never leaked. */
export async function lockLiker(db: Db, userId: number, productId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`like:${userId}:${productId}`}, 0))`);
}

export async function isLiked(db: Db, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(productLikes)
    .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** The primary key turns a second like into a no-op, even from two requests at once. */
export async function addLike(db: Db, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .insert(productLikes)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ userId: productLikes.userId });
  return rows.length > 0;
}

export async function removeLike(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .delete(productLikes)
    .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)));
}

export async function countLikes(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productLikes)
    .where(eq(productLikes.productId, productId));
  return Number(row?.n ?? 0);
}

export async function isFollowing(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

/** Answers false when this person has reported the listing before (the unique key decides, race-free). */
export async function addReport(
  db: Db,
  report: { productId: number; reporterId: number; reason?: string },
): Promise<boolean> {
  const rows = await db
    .insert(productReports)
    .values({ productId: report.productId, reporterId: report.reporterId, reason: report.reason ?? null })
    .onConflictDoNothing({ target: [productReports.productId, productReports.reporterId] })
    .returning({ id: productReports.id });
  return rows.length > 0;
}

/**
 * Records a look and answers whether it counts: a first look does, and so does one more than `windowMs` after
 * the last counted one. The upsert's WHERE runs on the row as committed, so two simultaneous looks by one viewer
 * count once.
 */
export async function recordView(
  db: Db,
  productId: number,
  viewerKey: string,
  windowMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(productViews)
    .values({ productId, viewerKey, viewedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [productViews.productId, productViews.viewerKey],
      set: { viewedAt: sql`excluded.viewed_at` },
      setWhere: sql`${productViews.viewedAt} <= now() - make_interval(secs => ${windowMs / 1000}::float8)`,
    })
    .returning({ productId: productViews.productId });
  return rows.length > 0;
}

export async function addView(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(eq(products.id, productId))
    .returning({ views: products.views });
  return row?.views ?? 0;
}

export async function viewsOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ views: products.views }).from(products).where(eq(products.id, productId));
  return row?.views ?? 0;
}
