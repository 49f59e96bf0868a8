import { useInfiniteQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Follower, type FollowersResponse } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { usePagedList } from '../../shared/api/pagedList';
import { followKeys } from '../follow';

export interface FollowersList {
  /** Every loaded follower, newest first, each once. */
  followers: Follower[];
  isLoading: boolean;
  isLoadingMore: boolean;
  /** A page came back shorter than PAGE_SIZE.followers, or loading failed (only logged). */
  isEnd: boolean;
  loadMore: () => void;
}

/** GET /api/User/followers, PAGE_SIZE.followers at a time (docs/product.md §7, §9). */
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

  const { items, ...paging } = usePagedList(query);
  return { followers: items, ...paging };
}
