import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { USER_LISTINGS_LIMIT } from '@rummage/contract';
import { categories, productImages, products, users } from '../../db/schema.js';
import { cardColumns, publicListing, selectCards, type CardRow, type Db } from './product.cards.js';
import { keepChatsAboutListings } from '../message/kept-chats.repository.js';

/** A transaction (or the database): what the service passes to the functions below. */
export type Tx = Db;

export interface ListingDetailRow extends CardRow {
  description: string;
  sellerSince: Date;
  hiddenReason: string | null;
  minimumOffer: number | null;
}

/** One listing with its seller, whatever its visibility (the service decides who may see it). */
export async function findListing(db: Db, id: number): Promise<ListingDetailRow | undefined> {
  const [row] = await db
    .select({
      ...cardColumns,
      description: products.description,
      sellerSince: users.createdAt,
      hiddenReason: products.hiddenReason,
      minimumOffer: products.minimumOffer,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/** A seller's listings, newest first: the profile's "my store" (unsold) or "sold items" tab. */
export function listBySeller(
  db: Db,
  sellerId: number,
  options: { sold: boolean; includeHidden: boolean },
): Promise<CardRow[]> {
  return selectCards(db)
    .where(
      and(
        eq(products.sellerId, sellerId),
        eq(products.isSold, options.sold),
        options.includeHidden ? undefined : publicListing,
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(USER_LISTINGS_LIMIT);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Locks the listing row for the rest of the transaction, so two edits of one listing (or an edit and a delete)
 * run one after the other instead of interleaving their image changes.
 */
export async function lockListing(db: Db, id: number): Promise<{ sellerId: number } | undefined> {
  const [row] = await db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

export type NewListing = Omit<typeof products.$inferInsert, 'id' | 'search'>;

export async function insertListing(db: Db, listing: NewListing): Promise<number> {
  const [row] = await db.insert(products).values(listing).returning({ id: products.id });
  if (!row) throw new Error('insert into products returned no row');
  return row.id;
}

export async function updateListing(
  db: Db,
  id: number,
  fields: Partial<Omit<NewListing, 'sellerId'>>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Sold (with the deal the sale recorded, if any) or available again. */
export async function setSold(db: Db, id: number, isSold: boolean, saleDealId?: number): Promise<void> {
  await db
    .update(products)
    .set({
      isSold,
      // Keep the first sale time, and its deal, when marked sold twice; clear both when available again.
      soldAt: isSold ? sql`coalesce(${products.soldAt}, now())` : null,
      saleDealId: isSold ? (saleDealId ?? sql`${products.saleDealId}`) : null,
      // On the clock offers are answered by (offers.answered_at), which the agreements are read against.
      relistedAt: isSold
        ? undefined
        : sql`case when ${products.isSold} then ${new Date().toISOString()}::timestamptz else ${products.relistedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));
}

/** The listing goes; chats about it stay, naming it by the title and price copied here (decision 0012). */
export async function deleteListing(db: Db, id: number): Promise<void> {
  await keepChatsAboutListings(db, { productId: id });
  await db.delete(products).where(eq(products.id, id));
}

export interface StoredImage {
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

export interface ListingImage extends StoredImage {
  id: number;
  position: number;
}

export async function listingImages(db: Db, productId: number): Promise<ListingImage[]> {
  return db
    .select({
      id: productImages.id,
      position: productImages.position,
      largeKey: productImages.largeKey,
      thumbKey: productImages.thumbKey,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position, productImages.id);
}

export async function insertImages(
  db: Db,
  productId: number,
  images: ReadonlyArray<StoredImage>,
  firstPosition = 0,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insert(productImages)
    .values(images.map((image, index) => ({ ...image, productId, position: firstPosition + index })));
}

export async function deleteImages(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(productImages).where(inArray(productImages.id, ids));
}

/** Closes the gaps removed photos leave, keeping the order: positions become 0, 1, 2… */
export async function renumberImages(db: Db, productId: number, orderedIds: number[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.productId, productId), eq(productImages.id, id)));
  }
}

/** The keys among `keys` that some listing still shows (demo listings share their generated photos). */
export async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ largeKey: productImages.largeKey, thumbKey: productImages.thumbKey })
    .from(productImages)
    .where(or(inArray(productImages.largeKey, keys), inArray(productImages.thumbKey, keys)));
  return new Set(rows.flatMap((row) => [row.largeKey, row.thumbKey]));
}
