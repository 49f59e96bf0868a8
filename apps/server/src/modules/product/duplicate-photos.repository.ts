import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_PHOTO_REASON } from '@rummage/contract';
import { photoHashes } from '../../db/schema.js';
import type { Db } from './product.cards.js';

/** Keeps a listing's new photos' hashes; answers their ids, for the check job. */
export async function insertPhotoHashes(
  db: Db,
  productId: number,
  sellerId: number,
  hashes: ReadonlyArray<readonly bigint[]>,
): Promise<number[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .insert(photoHashes)
    .values(hashes.map((views) => ({ productId, sellerId, views: [...views] })))
    .returning({ id: photoHashes.id });
  return rows.map((row) => row.id);
}

/**
 * photoDistance in SQL: one photo's whole picture (views[1]) against every view of the other, and the other way
 * round, the least; bit_count (PostgreSQL 14+) counts the differing bits as hammingDistance does.
 */
function distance(ours: string, theirs: string): SQL {
  const [a, b] = [sql.raw(ours), sql.raw(theirs)];
  return sql`least(
    (select min(bit_count((${a}.views[1] # v)::bit(64))) from unnest(${b}.views) v),
    (select min(bit_count((v # ${b}.views[1])::bit(64))) from unnest(${a}.views[2:]) v))`;
}

export interface PhotoMatch {
  relatedProductId: number;
  relatedUserId: number;
  distance: number;
}

/**
 * Other sellers' listings (deleted ones too) with a photo kept since `since` that lies within `threshold` bits of
 * one of these photos; the nearest photo per listing. A scan of the window: a community's 180 days of photos is
 * thousands to a few hundred thousand rows, compared in the background job, not in a request.
 */
export async function matchingListings(
  db: Db,
  hashIds: readonly number[],
  options: { since: Date; threshold: number },
): Promise<PhotoMatch[]> {
  if (hashIds.length === 0) return [];
  const ids = sql.join(
    hashIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select related_product_id, related_user_id, min(distance)::int as distance from (
      select theirs.product_id as related_product_id, theirs.seller_id as related_user_id,
        ${distance('ours', 'theirs')} as distance
      from photo_hashes ours
      join photo_hashes theirs
        on theirs.seller_id <> ours.seller_id and theirs.product_id <> ours.product_id
          and theirs.created_at >= ${options.since.toISOString()}::timestamptz
      where ours.id in (${ids})
    ) pairs
    where distance <= ${options.threshold}
    group by related_product_id, related_user_id
    order by min(distance), related_product_id`)) as unknown as {
    rows: Array<{ related_product_id: number | string; related_user_id: number | string; distance: number }>;
  };
  return result.rows.map((row) => ({
    relatedProductId: Number(row.related_product_id),
    relatedUserId: Number(row.related_user_id),
    distance: Number(row.distance),
  }));
}

/**
 * Files the automatic report on `productId` naming the other listing; answers false when that pair was reported
 * before (open, reviewed or dismissed: a dismissed pair is not raised again by the next edit).
 */
export async function addDuplicatePhotoReport(
  db: Db,
  report: { productId: number; relatedProductId: number; relatedUserId: number },
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into product_reports (product_id, reporter_id, reason, related_product_id, related_user_id)
    select ${report.productId}, null, ${DUPLICATE_PHOTO_REASON}, ${report.relatedProductId},
      (select id from users where id = ${report.relatedUserId})
    where exists (select 1 from products where id = ${report.productId})
    on conflict (product_id, related_product_id) where reporter_id is null do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
