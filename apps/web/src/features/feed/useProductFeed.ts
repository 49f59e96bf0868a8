import { useSyncExternalStore } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { API, milesToKm, type FeedResponse, type ProductCard } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { usePagedList } from '../../shared/api/pagedList';
import { onSavedLocationChanged, type SavedLocation } from '../../shared/session/storage';
import { useSavedLocation } from '../location';

/** Every feed query starts with this key; invalidate it after a listing is created, changed or sold. */
export const FEED_QUERY_KEY = 'product-feed';

interface FeedPageParam {
  page: number;
  /** The snapshot of page 1, echoed on later pages (docs/decisions/0004-feed-paging.md). */
  before?: string;
}

export interface ProductFeed {
  /** Every loaded product, in feed order, each id once. */
  products: ProductCard[];
  /** The first page is on its way (show the spinner). */
  isLoading: boolean;
  /** A later page is on its way (show "loading more"). */
  isLoadingMore: boolean;
  /** No more pages: the last one was short, or loading failed (failures are only logged, docs/product.md §8). */
  isEnd: boolean;
  /** Asks for the next page unless one is loading or the feed has ended. */
  loadMore: () => void;
  /** For a search that found nothing: the nearest spelling that finds something ("Did you mean …?"). */
  suggestion: string | null;
}

/**
 * Counts location-updated and radius-updated events. It is part of the query key, so every event starts a
 * fresh feed from page 1 (docs/product.md §4), even when the same place or radius is saved again ("look again").
 */
let locationGeneration = 0;
const generationListeners = new Set<() => void>();
let stopListening: (() => void) | null = null;

function subscribeToGeneration(onChange: () => void): () => void {
  generationListeners.add(onChange);
  stopListening ??= onSavedLocationChanged(() => {
    locationGeneration += 1;
    generationListeners.forEach((listener) => listener());
  });
  return () => {
    generationListeners.delete(onChange);
    if (generationListeners.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

const getGeneration = () => locationGeneration;

/** Keeps kilometres readable in the address bar and logs; a tenth of a metre is plenty. */
function radiusKm(miles: number): number {
  return Math.round(milesToKm(miles) * 10_000) / 10_000;
}

/**
 * The place part of a feed request: the saved place and radius (in km), or null without a place. Saving a search
 * sends exactly this, so the saved search means what the feed showed.
 */
export function feedArea(
  location: SavedLocation,
): { latitude: number; longitude: number; radiusKm: number } | null {
  return location.latitude !== null && location.longitude !== null
    ? { latitude: location.latitude, longitude: location.longitude, radiusKm: radiusKm(location.radiusMiles) }
    : null;
}

/**
 * GET /api/Marketplace/products, page by page (docs/product.md §7): page, pageSize, search, and, when a place is
 * saved, latitude, longitude and radiusKm. Later pages echo the first page's `before` so new listings
 * cannot shift items between pages. The feed ends at a page shorter than `pageSize`. A new saved place or
 * radius (location-updated / radius-updated) resets the feed and loads it again from page 1 (docs/product.md §4).
 */
export function useProductFeed({
  pageSize,
  search,
}: {
  pageSize: number;
  search?: string | null;
}): ProductFeed {
  const location = useSavedLocation();
  const generation = useSyncExternalStore(subscribeToGeneration, getGeneration, getGeneration);
  const term = search?.trim() || undefined;
  const area = feedArea(location);

  const query = useInfiniteQuery({
    queryKey: [FEED_QUERY_KEY, { pageSize, search: term, area, generation }],
    initialPageParam: { page: 1 } as FeedPageParam,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await apiFetch<FeedResponse>(API.marketplace.products, {
          query: { page: pageParam.page, pageSize, search: term, ...area, before: pageParam.before },
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.error('Could not load the product feed', error);
        throw error;
      }
    },
    getNextPageParam: (lastPage, allPages, lastPageParam): FeedPageParam | undefined =>
      (lastPage.data?.length ?? 0) < pageSize
        ? undefined
        : { page: lastPageParam.page + 1, before: allPages[0]?.before ?? lastPage.before },
    // A failed feed is shown as an empty (or ended) one; asking again would only repeat the failure.
    retry: false,
  });

  const { items, ...paging } = usePagedList(query);
  return { products: items, ...paging, suggestion: query.data?.pages[0]?.suggestion ?? null };
}
