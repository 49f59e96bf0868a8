import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  apiPath,
  type ChangeSoldStatusRequest,
  type ProductCard,
  type ProductListResponse,
} from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';
import { DEALS_QUERY_KEY } from '../deals';
import { FEED_QUERY_KEY } from '../feed';
import { profileKeys } from './api';

/** Every profile list starts with this key; invalidate it after a listing is created, changed or deleted. */
export const USER_LISTINGS_QUERY_KEY = 'user-listings';

export type ListingStatus = 'unsold' | 'sold';

/** docs/product.md §7 allows the list as an array, in `data`, or as the first array property of the answer. */
function listFrom(body: unknown): ProductCard[] {
  if (Array.isArray(body)) return body as ProductCard[];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.data)) return record.data as ProductCard[];
    const first = Object.values(record).find(Array.isArray);
    if (first) return first as ProductCard[];
  }
  return [];
}

/** GET /api/Product/unsold/user/{userId} ("my store") or /api/Product/sold/user/{userId} ("sold items"). */
export function useUserListings(userId: number | null, status: ListingStatus) {
  return useQuery({
    queryKey: [USER_LISTINGS_QUERY_KEY, userId, status],
    queryFn: ({ signal }) =>
      apiFetch<ProductListResponse>(
        apiPath(status === 'sold' ? API.product.soldByUser : API.product.unsoldByUser, {
          userId: userId ?? 0,
        }),
        { signal },
      ).then(listFrom, (error: unknown) => {
        // An unknown seller simply has nothing to show; other failures are worth a message.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }),
    enabled: userId !== null,
    // A listing created or edited a moment ago must show when the profile opens again.
    staleTime: 0,
  });
}

/**
 * POST /api/Product/change-sold-status {productId, isSold, buyerId} (docs/product.md §4: Mark Sold / Mark Available), then
 * reloads both profile lists and the profile's counts ("items sold" moves with it), and drops cached feeds, where
 * the listing appears or disappears.
 */
export function useChangeSoldStatus(userId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeSoldStatusRequest) =>
      apiFetch(API.product.changeSoldStatus, { method: 'POST', body: request }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: [FEED_QUERY_KEY] });
      // A sale to someone makes a deal; marking it available again may call one off.
      void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY_KEY] });
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId) });
      await queryClient.invalidateQueries({
        queryKey: [USER_LISTINGS_QUERY_KEY, userId],
        refetchType: 'all',
      });
    },
  });
}
