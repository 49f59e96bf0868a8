import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { categories, productImages, productLikes, products, users } from '../../db/schema.js';

/** `Database` or a transaction. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The columns every listing answer starts from (lists and detail alike). */
export const cardColumns = {
  id: products.id,
  title: products.title,
  price: products.price,
  latitude: products.latitude,
  longitude: products.longitude,
  locationText: products.locationText,
  views: products.views,
  isSold: products.isSold,
  hiddenAt: products.hiddenAt,
  createdAt: products.createdAt,
  sellerId: products.sellerId,
  userName: users.username,
  userImageUrl: users.imageUrl,
  sellerBannedAt: users.bannedAt,
  categoryId: products.categoryId,
  categoryTitle: categories.title,
  reservedForId: products.reservedForId,
  reservedUntil: products.reservedUntil,
};

export function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(categories, eq(categories.id, products.categoryId));
}
export type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** Listings anyone may see: not hidden by moderation, seller not suspended. */
export const publicListing: SQL = and(isNull(products.hiddenAt), isNull(users.bannedAt)) as SQL;

export interface ImageKeys {
  id: number;
  productId: number;
  position: number;
  largeKey: string;
  thumbKey: string;
}

/** What a card shows of a photo: the full-size rendition and the thumbnail. */
export type PhotoKeys = Pick<ImageKeys, 'largeKey' | 'thumbKey'>;

/**
 * A listing's photos in display order as a JSON array of [largeKey, thumbKey] pairs (null without photos), for a
 * statement that answers a page with its photos (one index lookup per row, product_images_product_id_position_idx).
 */
export function photosJson(productId: SQLWrapper): SQL {
  return sql`(select json_agg(json_build_array(${productImages.largeKey}, ${productImages.thumbKey})
      order by ${productImages.position}, ${productImages.id})
    from ${productImages} where ${productImages.productId} = ${productId})`;
}

/** The pairs `photosJson` answers, as the presenter takes them. */
export function photoKeys(pairs: ReadonlyArray<readonly [string, string]> | null): PhotoKeys[] {
  return pairs ? pairs.map(([largeKey, thumbKey]) => ({ largeKey, thumbKey })) : [];
}

/** A listing's like count as a subquery (product_likes_product_id_idx), the same rows `likeCountsOf` counts. */
export function likesCountSql(productId: SQLWrapper): SQL {
  return sql`(select count(*)::int from ${productLikes} where ${productLikes.productId} = ${productId})`;
}

/** Photos of several listings at once, each listing's in display order. */
export async function imagesOf(db: Db, productIds: number[]): Promise<Map<number, ImageKeys[]>> {
  const byProduct = new Map<number, ImageKeys[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      position: productImages.position,
      largeKey: productImages.largeKey,
      thumbKey: productImages.thumbKey,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Like counts are derived from the rows, never kept as a counter that a race could skew. */
export async function likeCountsOf(db: Db, productIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (productIds.length === 0) return counts;
  const rows = await db
    .select({ productId: productLikes.productId, n: sql<number>`count(*)::int` })
    .from(productLikes)
    .where(inArray(productLikes.productId, productIds))
    .groupBy(productLikes.productId);
  for (const row of rows) counts.set(row.productId, Number(row.n));
  return counts;
}
