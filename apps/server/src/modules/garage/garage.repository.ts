import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { follows, garageSales, users } from '../../db/schema.js';
import { withinCircle, type Circle } from '../marketplace/radius.js';
import type { Db } from '../product/product.cards.js';

/** The columns every garage-sale answer is made from: the sale and its host. */
const saleColumns = {
  id: garageSales.id,
  sellerId: garageSales.sellerId,
  title: garageSales.title,
  locationText: garageSales.locationText,
  latitude: garageSales.latitude,
  longitude: garageSales.longitude,
  items: garageSales.items,
  startDate: garageSales.startDate,
  startTime: garageSales.startTime,
  endDate: garageSales.endDate,
  endTime: garageSales.endTime,
  timeZone: garageSales.timeZone,
  startsAt: garageSales.startsAt,
  endsAt: garageSales.endsAt,
  userName: users.username,
  userImageUrl: users.imageUrl,
  sellerSince: users.createdAt,
  sellerBannedAt: users.bannedAt,
};

function selectSales(db: Db) {
  return db.select(saleColumns).from(garageSales).innerJoin(users, eq(users.id, garageSales.sellerId));
}
export type GarageSaleReadRow = Awaited<ReturnType<typeof selectSales>>[number];

/**
 * Not ended by the database's clock. Every read uses it, so an ended sale disappears at its end even when the
 * expiry job has not run yet.
 */
const notEnded: SQL = gt(garageSales.endsAt, sql`now()`);

/** Hosts who are suspended drop out of public lists (their sales stay for them and for staff). */
const publicSale: SQL = isNull(users.bannedAt);

export type NewGarageSale = Omit<typeof garageSales.$inferInsert, 'id' | 'createdAt'>;

export async function insertGarageSale(db: Db, sale: NewGarageSale): Promise<number> {
  const [row] = await db.insert(garageSales).values(sale).returning({ id: garageSales.id });
  if (!row) throw new Error('insert into garage_sales returned no row');
  return row.id;
}

/** One sale that has not ended, whatever its host's standing (the service decides who may see it). */
export async function findCurrentSale(db: Db, id: number): Promise<GarageSaleReadRow | undefined> {
  const [row] = await selectSales(db)
    .where(and(eq(garageSales.id, id), notEnded))
    .limit(1);
  return row;
}

export interface SaleFilter {
  /** Only sales within this circle (point GiST box, then exact haversine: the feed's own helper). */
  circle?: Circle;
  /** Only this host's sales. */
  sellerId?: number;
  /** Include sales of suspended hosts (their own profile, staff). */
  includeBanned?: boolean;
  limit: number;
}

/** Sales not yet ended (upcoming and live), soonest start first. */
export function listCurrentSales(db: Db, filter: SaleFilter): Promise<GarageSaleReadRow[]> {
  const conditions: Array<SQL | undefined> = [
    notEnded,
    filter.includeBanned ? undefined : publicSale,
    filter.sellerId === undefined ? undefined : eq(garageSales.sellerId, filter.sellerId),
    filter.circle
      ? withinCircle(filter.circle, { latitude: garageSales.latitude, longitude: garageSales.longitude })
      : undefined,
  ];
  return selectSales(db)
    .where(and(...conditions))
    .orderBy(asc(garageSales.startsAt), asc(garageSales.id))
    .limit(filter.limit);
}

/** Which of these hosts the viewer follows, in one query for a whole list. */
export async function followedAmong(db: Db, viewerId: number, sellerIds: number[]): Promise<Set<number>> {
  if (sellerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, sellerIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Locks the sale for the rest of the transaction and says who hosts it and whether it has ended (by the
 * database's clock, like every read). Undefined when there is no such row.
 */
export async function lockSale(
  db: Db,
  id: number,
): Promise<{ sellerId: number; ended: boolean } | undefined> {
  const [row] = await db
    .select({ sellerId: garageSales.sellerId, ended: sql<boolean>`${garageSales.endsAt} <= now()` })
    .from(garageSales)
    .where(eq(garageSales.id, id))
    .for('update');
  return row;
}

export async function deleteSale(db: Db, id: number): Promise<void> {
  await db.delete(garageSales).where(eq(garageSales.id, id));
}

/** Deletes every sale whose end has passed (by `now`, else the database's clock); answers how many. */
export async function deleteEndedSales(db: Db, now?: Date): Promise<number> {
  const rows = await db
    .delete(garageSales)
    .where(lte(garageSales.endsAt, now ?? sql`now()`))
    .returning({ id: garageSales.id });
  return rows.length;
}

/** The host exists (a profile's list of an unknown user is a 404, as the listing tabs answer). */
export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}
