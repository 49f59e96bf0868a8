import { useCallback, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Follower, type FollowersResponse } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { followKeys } from '../follow/api';

export interface FollowersList {
  /** Every loaded follower, newest first, each once. */
  followers: Follower[];
  isLoading: boolean;
  isLoadingMore: boolean;
  /** A page came back shorter than PAGE_SIZE.followers, or loading failed (only logged). */
  isEnd: boolean;
  loadMore: () => void;
}

/** GET /api/User/followers, PAGE_SIZE.followers at a time (SPEC §7, §9). */
export function useFollowers(): FollowersList {
  const pageSize = PAGE_SIZE.followers;
  const query = useInfiniteQuery({
    queryKey: followKeys.followers,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await apiFetch<FollowersResponse>(API.user.followers, {
          query: { page: pageParam, pageSize },
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.error('Could not load followers', error);
        throw error;
      }
    },
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      (lastPage.data?.length ?? 0) < pageSize ? undefined : lastPageParam + 1,
    retry: false,
  });

  // Someone following between two pages shifts the list by one: the same person can arrive twice.
  const followers = useMemo(() => {
    const seen = new Set<number>();
    const list: Follower[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const follower of page.data ?? []) {
        if (seen.has(follower.id)) continue;
        seen.add(follower.id);
        list.push(follower);
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

  return {
    followers,
    isLoading: query.isPending,
    isLoadingMore: query.isFetchingNextPage,
    isEnd,
    loadMore,
  };
}
