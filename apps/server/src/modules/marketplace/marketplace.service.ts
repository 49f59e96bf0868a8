import { DEFAULT_RADIUS_MILES, MILES_TO_KM, type ParsedFeedQuery, type ProductCard } from '@rummage/contract';
import { queryRows, type Database } from '../../db/client.js';
import { toCard, type ImageAddresses } from '../product/product.presenter.js';
import { readFeed, type FeedFilter } from './marketplace.repository.js';
import type { Circle } from './radius.js';
import { nearestListedSpellings, respelled } from './search/forgiving.js';
import { recordSearch } from './search/search-report.js';
import { snapshotKey, type SnapshotMemo } from './snapshots.js';

export interface FeedPage {
  data: ProductCard[];
  page: number;
  pageSize: number;
  /** The snapshot this page was read against; the client echoes it as `before`. */
  before: Date;
  /** "Did you mean": for a search whose first page is empty, the nearest spelling that finds something. */
  suggestion: string | null;
}

/** The circle a feed query asks for: its point and radius, 25 miles when none is given; none without a point. */
export function feedCircle(
  query: Pick<ParsedFeedQuery, 'latitude' | 'longitude' | 'radiusKm'>,
): Circle | undefined {
  if (query.latitude === undefined || query.longitude === undefined) return undefined;
  return {
    latitude: query.latitude,
    longitude: query.longitude,
    radiusKm: query.radiusKm ?? DEFAULT_RADIUS_MILES * MILES_TO_KM,
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;

export function createMarketplaceService(options: {
  db: Database;
  store: ImageAddresses;
  memo: SnapshotMemo;
}) {
  const { db, store, memo } = options;

  /**
   * The moment the page is read against, given as an upper bound (the statement takes the database's clock when
   * the bound is later or absent): the client's `before`, else for page 1 now (remembered for this reader), else
   * what page 1 remembered. See docs/decisions/0004-feed-paging.md.
   */
  async function snapshotBound(query: ParsedFeedQuery, key: () => string): Promise<Date | undefined> {
    if (query.before) return query.before;
    if (query.page === 1) return undefined;
    return memo.recall(key());
  }

  /**
   * The search with each word no listing uses replaced by the nearest one some listing does, if that search finds
   * something where this one looked (same place and reader): "Did you mean …?".
   */
  async function suggestion(search: string, filter: Omit<FeedFilter, 'search'>): Promise<string | null> {
    const spellings = await nearestListedSpellings((statement) => queryRows(db, statement), search);
    const suggested = respelled(search, spellings);
    if (suggested === null) return null;
    const { rows } = await readFeed(db, { ...filter, page: 1, pageSize: 1, search: suggested });
    return rows.length > 0 ? suggested : null;
  }

  return {
    /**
     * `reader`: who reads (readerIdentity), asked only when the snapshot memo is used (no `before`), as hashing it
     * is a visible share of a feed request's CPU. `viewerId`: the signed-in reader, whose feed leaves out the
     * people they blocked.
     */
    async feed(query: ParsedFeedQuery, reader: () => string, viewerId?: number): Promise<FeedPage> {
      const circle = feedCircle(query);
      let key: string | undefined;
      const memoKey = () =>
        (key ??= snapshotKey(reader(), [
          query.pageSize,
          query.search,
          circle?.latitude,
          circle?.longitude,
          circle?.radiusKm,
        ]));
      const { snapshot, rows } = await readFeed(db, {
        page: query.page,
        pageSize: query.pageSize,
        search: query.search,
        circle,
        snapshot: await snapshotBound(query, memoKey),
        viewerId,
      });
      if (query.page === 1 && !query.before) await memo.remember(memoKey(), snapshot);
      const searched = query.search !== undefined && query.page === 1;
      // Each search counts once, on its first page; the words alone, for the staff's zero-result report.
      if (searched && !query.before) recordSearch(db, query.search!, rows.length > 0);
      const offer =
        searched && rows.length === 0
          ? await suggestion(query.search!, { page: 1, pageSize: 1, circle, viewerId })
          : null;
      return {
        data: rows.map((row) => toCard(row, row.photos, row.likesCount, store, viewerId)),
        page: query.page,
        pageSize: query.pageSize,
        before: snapshot,
        suggestion: offer,
      };
    },
  };
}
