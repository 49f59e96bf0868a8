import { useCallback, useMemo } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/**
 * What an infinitely scrolled list shows, from a paged infinite query: the items de-duplicated by id (an item
 * added between two page loads shifts the list, so one can arrive twice), and a `loadMore` that asks for the
 * next page only when there is one and nothing is loading. A failed load counts as the end of the list.
 */
export function usePagedList<Item extends { id: number }>(
  query: UseInfiniteQueryResult<InfiniteData<{ data?: Item[] }, unknown>>,
) {
  const items = useMemo(() => {
    const seen = new Set<number>();
    const list: Item[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.data ?? []) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return list;
  }, [query.data]);

  const isEnd = query.isError || (query.isSuccess && !query.hasNextPage);
  const { fetchNextPage, hasNextPage, isFetching } = query;
  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching || isEnd) return;
    void fetchNextPage();
  }, [hasNextPage, isFetching, isEnd, fetchNextPage]);

  return { items, isLoading: query.isPending, isLoadingMore: query.isFetchingNextPage, isEnd, loadMore };
}
