import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  API,
  apiPath,
  type Category,
  type LikeResponse,
  type ProductCard,
  type ProductDetail,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';
import { browserTexts } from '../../shared/i18n/i18n';

/** docs/product.md §7 "Message (send)"; the messaging issue adds it to the contract's API table. */
export const MESSAGE_SEND_PATH = '/api/Message/send';

export const listingKeys = {
  all: ['listing'] as const,
  detail: (id: number) => ['listing', 'detail', id] as const,
  sellerItems: (sellerId: number) => ['listing', 'seller-items', sellerId] as const,
  categories: ['categories'] as const,
};

const UNRELATED_QUERIES = new Set(['config', 'me', 'categories']);

/**
 * After a listing is created, changed or deleted, every list that may show it (feeds, profile tabs, this
 * feature's caches) is stale; they reload when next shown, without refetching anything right now.
 */
export function markListingsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: (query) => !UNRELATED_QUERIES.has(String(query.queryKey[0])),
    refetchType: 'none',
  });
}

/** GET /api/Product/{id}. */
export function fetchProduct(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiFetch<{ data: ProductDetail }>(apiPath(API.product.item, { id }), { signal }).then(
    (body) => body.data,
  );
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== null,
    // A missing or hidden listing will not appear on a retry.
    retry: false,
  });
}

/** docs/product.md §7: the list may come as an array, in `data`, or as the first array property. */
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

/** GET /api/Product/unsold/user/{sellerId}: the seller's store. */
export function useSellerItems(sellerId: number | null) {
  return useQuery({
    queryKey: listingKeys.sellerItems(sellerId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<unknown>(apiPath(API.product.unsoldByUser, { userId: sellerId ?? 0 }), { signal }).then(
        listFrom,
      ),
    enabled: sellerId !== null,
  });
}

/** GET /api/Category: the category select of the listing form (same cache as the home chips). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: listingKeys.categories,
    queryFn: ({ signal }) =>
      apiFetch<{ data: Category[] }>(API.category, { signal }).then((body) => body.data ?? []),
    staleTime: 10 * 60 * 1000,
  });
}

/** POST /api/Product/add (multipart, docs/product.md §7), with upload progress. */
export function createListing(form: FormData, onProgress?: (fraction: number) => void): Promise<unknown> {
  return apiUpload(API.product.add, {
    method: 'POST',
    form,
    onProgress,
    fallbackMessage: browserTexts().listing.createFailed,
  });
}

/** PUT /api/Product (multipart with ProductId and ImagesToDelete, docs/product.md §7). */
export function updateListing(form: FormData, onProgress?: (fraction: number) => void): Promise<unknown> {
  return apiUpload(API.product.update, {
    method: 'PUT',
    form,
    onProgress,
    fallbackMessage: browserTexts().listing.updateFailed,
  });
}

/** DELETE /api/Product/{id}; the SPEC ignores failures (the caller navigates either way). */
export function deleteListing(id: number): Promise<unknown> {
  return apiFetch(apiPath(API.product.item, { id }), { method: 'DELETE' });
}

/** POST /api/Product/like-unlike/{id} with an empty body: toggles (docs/product.md §7). */
export function toggleLike(id: number): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(apiPath(API.product.likeUnlike, { id }), { method: 'POST' });
}

/** POST /api/Product/report {productId}; answers the server's message. */
export function reportProduct(productId: number): Promise<{ message?: string }> {
  return apiFetch<{ message?: string }>(API.product.report, {
    method: 'POST',
    body: { productId },
    fallbackMessage: browserTexts().listing.reportFailed,
  });
}

/** POST /api/Message/send {productId, receiverId, message} (docs/product.md §7). */
export function sendMessage(productId: number, receiverId: number, message: string): Promise<unknown> {
  return apiFetch(MESSAGE_SEND_PATH, {
    method: 'POST',
    body: { productId, receiverId, message },
    fallbackMessage: browserTexts().listing.messageFailed,
  });
}
