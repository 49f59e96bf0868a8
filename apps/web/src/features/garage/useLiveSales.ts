import { useEffect, useMemo, useState } from 'react';
import type { GarageSale } from '@rummage/contract';
import { sendExpiryDeletes } from './api';
import { hasEnded, saleEnd } from './time';

/** setTimeout's ceiling (about 24.8 days); a later end is looked at again then. */
const MAX_DELAY_MS = 2_147_483_647;
const EMPTY: GarageSale[] = [];

/**
 * The sales that have not ended (docs/product.md §4), kept current while the page stays open: a timer wakes at the
 * next end so a sale leaves the list the moment it is over. With `deleteEnded` (the marketplace), a delete
 * call is sent for each ended sale; profile lists only hide them.
 */
export function useLiveSales(
  sales: readonly GarageSale[] | undefined,
  { deleteEnded = true }: { deleteEnded?: boolean } = {},
): GarageSale[] {
  const [now, setNow] = useState(() => Date.now());

  const { kept, ended } = useMemo(() => {
    if (!sales || sales.length === 0) return { kept: EMPTY, ended: EMPTY };
    const kept: GarageSale[] = [];
    const ended: GarageSale[] = [];
    for (const sale of sales) (hasEnded(sale, now) ? ended : kept).push(sale);
    return { kept, ended };
  }, [sales, now]);

  useEffect(() => {
    if (deleteEnded && ended.length > 0) sendExpiryDeletes(ended);
  }, [ended, deleteEnded]);

  useEffect(() => {
    const ends = kept
      .map((sale) => saleEnd(sale)?.getTime())
      .filter((end): end is number => end !== undefined);
    if (ends.length === 0) return;
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, Math.min(...ends) - Date.now()));
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [kept]);

  return kept;
}
