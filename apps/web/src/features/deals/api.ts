import { useQuery } from '@tanstack/react-query';
import {
  API,
  apiPath,
  type DealBuyersResponse,
  type DealListResponse,
  type DealResponse,
  type OwnReviewResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { PERSONAL_QUERY } from '../../shared/session/SessionContext';

/** Every deal query starts with this key: marking an item sold, rating and disputing invalidate it. */
export const DEALS_QUERY_KEY = 'deals';

export const dealKeys = {
  mine: [DEALS_QUERY_KEY, 'mine'] as const,
  buyers: (productId: number) => [DEALS_QUERY_KEY, 'buyers', productId] as const,
};

/** GET /api/Deal: the signed-in person's deals, newest first. */
export function useMyDeals() {
  return useQuery({
    queryKey: dealKeys.mine,
    queryFn: ({ signal }) => apiFetch<DealListResponse>(API.deal.root, { signal }).then((body) => body.data),
    meta: PERSONAL_QUERY,
    staleTime: 0,
  });
}

/** GET /api/Deal/buyers?productId=: who the seller may mark the listing sold to; asked only while choosing. */
export function useDealBuyers(productId: number | null) {
  return useQuery({
    queryKey: dealKeys.buyers(productId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<DealBuyersResponse>(API.deal.buyers, { query: { productId }, signal }).then(
        (body) => body.data,
      ),
    enabled: productId !== null,
    meta: PERSONAL_QUERY,
    staleTime: 0,
  });
}

export function rateDeal(dealId: number, stars: number, text: string): Promise<OwnReviewResponse> {
  return apiFetch<OwnReviewResponse>(API.review.root, { method: 'POST', body: { dealId, stars, text } });
}

export function disputeDeal(id: number): Promise<DealResponse> {
  return apiFetch<DealResponse>(apiPath(API.deal.dispute, { id }), { method: 'POST' });
}
