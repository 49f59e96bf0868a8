import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  apiPath,
  milesToKm,
  type Catalogue,
  type GarageSale,
  type GarageSaleCreateRequest,
} from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';
import { onSavedLocationChanged } from '../../shared/session/storage';
import { useSavedLocation } from '../location';
import { useTexts } from '../../shared/i18n/useTexts';

/** Every garage-sale query starts with this key; invalidate it after a sale is created or deleted. */
export const GARAGE_QUERY_KEY = 'garage-sales';

export const garageKeys = {
  all: [GARAGE_QUERY_KEY] as const,
  marketplace: (area: object | null) => [GARAGE_QUERY_KEY, 'marketplace', area] as const,
  byUser: (userId: number) => [GARAGE_QUERY_KEY, 'user', userId] as const,
  detail: (id: number) => [GARAGE_QUERY_KEY, 'detail', id] as const,
};

function isSale(value: unknown): value is GarageSale {
  return !!value && typeof value === 'object' && typeof (value as GarageSale).id === 'number';
}

/** docs/product.md §7: the list comes as an array, or in `data`. Rows without an id are skipped. */
export function saleListFrom(body: unknown): GarageSale[] {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return Array.isArray(rows) ? rows.filter(isSale) : [];
}

/** docs/product.md §7: one sale, "optionally in data". */
function saleFrom(body: unknown): GarageSale | null {
  const inner = (body as { data?: unknown } | null)?.data;
  if (isSale(inner)) return inner;
  return isSale(body) ? body : null;
}

/** "Chicago, IL", or the address the host typed when no city is known. */
export function salePlace(sale: Pick<GarageSale, 'location' | 'title'>): string {
  return sale.location?.trim() || sale.title?.trim() || '';
}

/** The items as a list: itemsToExpect, or the SPEC's "A, B" text. */
export function saleItems(sale: Partial<Pick<GarageSale, 'items' | 'itemsToExpect'>>): string[] {
  if (Array.isArray(sale.itemsToExpect) && sale.itemsToExpect.length > 0) return sale.itemsToExpect;
  return (sale.items ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** An item of the checklist in the reader's language; one not on the list as the host's answer has it. */
export function itemName(item: string, texts: Catalogue): string {
  const names: Readonly<Record<string, string>> = texts.garage.itemNames;
  return (Object.hasOwn(names, item) && names[item]) || item;
}

/** Ids an expiry DELETE was already sent for in this page's life, so a refetch does not repeat it. */
const expirySent = new Set<number>();

/** For tests. */
export function resetExpiryDeletesForTests() {
  expirySent.clear();
}

/**
 * docs/product.md §4: a delete call for each sale whose end has passed (the server answers harmlessly for an ended sale,
 * whoever asks), once per sale in this page's life. Failures are only logged.
 */
export function sendExpiryDeletes(sales: readonly GarageSale[]): void {
  for (const sale of sales) {
    if (expirySent.has(sale.id)) continue;
    expirySent.add(sale.id);
    apiFetch(apiPath(API.garageSale.delete, { id: sale.id }), { method: 'DELETE' }).catch((error: unknown) =>
      console.warn('Could not remove the ended garage sale', sale.id, error),
    );
  }
}

/** Keeps kilometres readable in logs; a tenth of a metre is plenty. */
const radiusKm = (miles: number) => Math.round(milesToKm(miles) * 10_000) / 10_000;

/**
 * GET /api/Marketplace/garage-sales, with latitude, longitude and radiusKm when a place is saved. A new
 * place or radius (even the same one saved again) loads the list afresh (docs/product.md §4). Failures are only
 * logged and read as no sales (docs/product.md §8).
 */
export function useMarketplaceSales() {
  const location = useSavedLocation();
  const queryClient = useQueryClient();
  const area =
    location.latitude !== null && location.longitude !== null
      ? {
          latitude: location.latitude,
          longitude: location.longitude,
          radiusKm: radiusKm(location.radiusMiles),
        }
      : null;

  useEffect(
    () =>
      onSavedLocationChanged(() => {
        void queryClient.invalidateQueries({ queryKey: [GARAGE_QUERY_KEY, 'marketplace'] });
      }),
    [queryClient],
  );

  return useQuery({
    queryKey: garageKeys.marketplace(area),
    queryFn: ({ signal }) =>
      apiFetch<unknown>(API.marketplace.garageSales, { query: area ?? undefined, signal }).then(
        saleListFrom,
        (error: unknown) => {
          if (!signal.aborted) console.error('Could not load the garage sales', error);
          return [] as GarageSale[];
        },
      ),
    retry: false,
  });
}

/** GET /api/GarageSale/user/{userId}: a host's sales (an unknown host has none). */
export function useUserGarageSales(userId: number | null) {
  return useQuery({
    queryKey: garageKeys.byUser(userId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<unknown>(apiPath(API.garageSale.byUser, { userId: userId ?? 0 }), { signal }).then(
        saleListFrom,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return [] as GarageSale[];
          throw error;
        },
      ),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** GET /api/GarageSale/{id}: null when it does not exist or has ended (404). */
export function useGarageSale(id: number | null) {
  return useQuery({
    queryKey: garageKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<unknown>(apiPath(API.garageSale.item, { id: id ?? 0 }), { signal }).then(
        saleFrom,
        (error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
          throw error;
        },
      ),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /api/GarageSale/add (docs/product.md §3 payload). */
export function createGarageSale(payload: GarageSaleCreateRequest): Promise<unknown> {
  return apiFetch(API.garageSale.add, { method: 'POST', body: payload });
}

/** DELETE /api/GarageSale/delete/{id} by the host; every garage list reloads afterwards. */
export function useDeleteGarageSale() {
  const texts = useTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(API.garageSale.delete, { id }), {
        method: 'DELETE',
        fallbackMessage: texts.garage.deleteFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: garageKeys.all, refetchType: 'all' }),
  });
}

/** A positive whole id from the address, else null. */
export function parseSaleId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
