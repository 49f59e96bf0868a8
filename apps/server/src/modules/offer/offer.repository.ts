/** Offers between a buyer and a seller (docs/product.md §18): the `offers` table, written only here. */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { OfferStatus } from '@rummage/contract';
import { offers, products, users } from '../../db/schema.js';
import type { Db } from '../product/product.cards.js';

export type OfferRow = typeof offers.$inferSelect;

/** The listing an offer is about, locked so its offers are made and answered one at a time. */
export interface OfferListing {
  id: number;
  sellerId: number;
  price: number;
  minimumOffer: number | null;
  isSold: boolean;
  hiddenAt: Date | null;
  sellerBannedAt: Date | null;
  /** Its hold (docs/product.md §12), which may have run out. */
  reservedForId: number | null;
  reservedUntil: Date | null;
}

export async function lockListing(db: Db, productId: number): Promise<OfferListing | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      price: products.price,
      minimumOffer: products.minimumOffer,
      isSold: products.isSold,
      hiddenAt: products.hiddenAt,
      sellerBannedAt: users.bannedAt,
      reservedForId: products.reservedForId,
      reservedUntil: products.reservedUntil,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .for('update', { of: products });
  return row;
}

export async function lockOffer(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function findOffer(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

/** The open offer between this buyer and the seller about the listing, whoever made it. */
export async function pendingBetween(
  db: Db,
  productId: number,
  buyerId: number,
): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.buyerId, buyerId), eq(offers.status, 'pending')));
  return row;
}

/** Offers this buyer made on the listing since `since` that the seller got to see (below-minimum ones do not count). */
export async function countTries(
  db: Db,
  productId: number,
  buyerId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${offers.createdAt})` })
    .from(offers)
    .where(
      and(
        eq(offers.productId, productId),
        eq(offers.fromUserId, buyerId),
        eq(offers.belowMinimum, false),
        gt(offers.createdAt, since),
      ),
    );
  const oldest = row?.oldest ?? null;
  return { count: Number(row?.count ?? 0), oldest: oldest === null ? null : new Date(oldest) };
}

export async function insertOffer(
  db: Db,
  offer: {
    conversationId: number;
    productId: number;
    buyerId: number;
    sellerId: number;
    fromUserId: number;
    amount: number;
    status: OfferStatus;
    belowMinimum?: boolean;
    countersId?: number;
    expiresAt: Date;
    answeredAt?: Date;
    createdAt: Date;
  },
): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(offer).returning();
  return row!;
}

export async function setStatus(db: Db, id: number, status: OfferStatus, at: Date): Promise<OfferRow> {
  const [row] = await db.update(offers).set({ status, answeredAt: at }).where(eq(offers.id, id)).returning();
  return row!;
}

/**
 * The offers of a listing the viewer may see, newest first: all of them for its seller, those between them and
 * the seller for a buyer. Offers declined for being below the seller's minimum are the buyer's alone.
 */
export async function listVisible(db: Db, productId: number, viewerId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.productId, productId),
        or(and(eq(offers.sellerId, viewerId), eq(offers.belowMinimum, false)), eq(offers.buyerId, viewerId)),
      ),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(200);
}
