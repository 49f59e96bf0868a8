import { useQuery } from '@tanstack/react-query';
import { API, type Category } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** GET /api/Category: the chips under the home search (docs/product.md §2, §7). */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Category[] }>(API.category, { signal }).then((body) => body.data ?? []),
    staleTime: 10 * 60 * 1000,
  });
}
