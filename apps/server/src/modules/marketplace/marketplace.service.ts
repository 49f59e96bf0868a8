import { DEFAULT_RADIUS_MILES, MILES_TO_KM, type ParsedFeedQuery, type ProductCard } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import { presentCards, type ImageAddresses } from '../product/product.presenter.js';
import { databaseNow, feedPage } from './marketplace.repository.js';
import type { Circle } from './radius.js';
import { snapshotKey, type SnapshotMemo } from './snapshots.js';

export interface FeedPage {
  data: ProductCard[];
  page: number;
  pageSize: number;
  /** The snapshot this page was read against; the client echoes it as `before`. */
  before: Date;
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;

export function createMarketplaceService(options: {
  db: Database;
  store: ImageAddresses;
  memo: SnapshotMemo;
}) {
  const { db, store, memo } = options;

  /**
   * Which moment the page is read against: the client's `before` (never later than now), else for page 1 now
   * (remembered for this reader), else what page 1 remembered. See docs/decisions/0004-feed-paging.md.
   */
  async function snapshotFor(query: ParsedFeedQuery, key: string): Promise<Date> {
    const now = await databaseNow(db);
    if (query.before) return query.before < now ? query.before : now;
    if (query.page === 1) {
      await memo.remember(key, now);
      return now;
    }
    return (await memo.recall(key)) ?? now;
  }

  return {
    async feed(query: ParsedFeedQuery, viewer: string): Promise<FeedPage> {
      const circle: Circle | undefined =
        query.latitude !== undefined && query.longitude !== undefined
          ? {
              latitude: query.latitude,
              longitude: query.longitude,
              radiusKm: query.radiusKm ?? DEFAULT_RADIUS_MILES * MILES_TO_KM,
            }
          : undefined;
      const key = snapshotKey(viewer, [
        query.pageSize,
        query.search,
        circle?.latitude,
        circle?.longitude,
        circle?.radiusKm,
      ]);
      const before = await snapshotFor(query, key);
      const rows = await feedPage(db, {
        page: query.page,
        pageSize: query.pageSize,
        search: query.search,
        circle,
        snapshot: before,
      });
      return {
        data: await presentCards(db, rows, store),
        page: query.page,
        pageSize: query.pageSize,
        before,
      };
    },
  };
}
