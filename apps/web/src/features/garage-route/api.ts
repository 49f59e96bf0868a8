import { useCallback } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { API, apiPath, type GarageSale } from '@rummage/contract';
import { ApiError, apiFetch } from '../../shared/api/client';

/** The fields of a garage sale (docs/product.md §3 read, plus the contract's instants and zone) the planner needs. */
export type RouteSale = Pick<
  GarageSale,
  'id' | 'title' | 'location' | 'latitude' | 'longitude' | 'eventDate' | 'endsAt' | 'timeZone' | 'userName'
>;

/** A picked sale as loaded: `null` when it ended or was removed (404, or its end has passed). */
export type LoadedSale = RouteSale | null;

function usable(sale: Partial<RouteSale> | undefined): sale is RouteSale {
  return (
    !!sale &&
    typeof sale.id === 'number' &&
    Number.isFinite(sale.latitude) &&
    Number.isFinite(sale.longitude) &&
    !Number.isNaN(Date.parse(sale.eventDate ?? '')) &&
    !Number.isNaN(Date.parse(sale.endsAt ?? ''))
  );
}

/** docs/product.md §7: GET /api/GarageSale/{id} answers the sale, "optionally in data". */
async function fetchSale(id: number, signal: AbortSignal): Promise<LoadedSale> {
  try {
    const body = await apiFetch<{ data?: RouteSale } | RouteSale>(apiPath(API.garageSale.item, { id }), {
      signal,
    });
    const sale = body && 'data' in body ? body.data : (body as RouteSale);
    // An ended sale can linger until the server sweeps it; it can't be visited either way.
    if (!usable(sale) || Date.parse(sale.endsAt) <= Date.now()) return null;
    return { ...sale, title: sale.title || sale.location || '' };
  } catch (error) {
    // Ended sales are deleted (docs/product.md §4), so 404 means "no longer on", not a failure to report.
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

export interface RouteSales {
  /** Loaded sales, in the order they were picked. */
  sales: RouteSale[];
  /** Picked ids that ended or were removed. */
  goneIds: number[];
  isLoading: boolean;
  /** Some sales failed to load for another reason (network, server). */
  failed: boolean;
  retry(): void;
}

/** One query per picked sale, so adding or removing a pick never refetches the others. */
export function useRouteSales(ids: readonly number[]): RouteSales {
  // A stable combine lets TanStack Query hand back the same object until a result changes, so the plan
  // (and the map's fit) is not recomputed on every keystroke in the settings.
  const combine = useCallback(
    (results: UseQueryResult<LoadedSale>[]): RouteSales => {
      const sales: RouteSale[] = [];
      const goneIds: number[] = [];
      ids.forEach((id, index) => {
        const data = results[index]?.data;
        if (data) sales.push(data);
        else if (data === null) goneIds.push(id);
      });
      return {
        sales,
        goneIds,
        isLoading: results.some((result) => result.isPending && result.fetchStatus !== 'idle'),
        failed: results.some((result) => result.isError),
        retry: () => results.forEach((result) => result.isError && void result.refetch()),
      };
    },
    [ids],
  );
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['garage-route', 'sale', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSale(id, signal),
      staleTime: 60_000,
    })),
    combine,
  });
}
