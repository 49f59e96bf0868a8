import { createElement, type ReactNode } from 'react';
import { GARAGE_CAROUSEL_MIN } from '@rummage/contract';
import { GarageGridCards, GarageStrip, RouteLinkRow, useLiveSales, useMarketplaceSales } from '../garage';

/** What the marketplace shows of upcoming garage sales (docs/product.md §2 Marketplace). */
export interface MarketplaceGarageSales {
  /** The carousel above the product grid: 5 or more sales. */
  strip: ReactNode;
  /** `<li>` cards placed at the front of the product grid: 1 to 4 sales. */
  gridCards: ReactNode;
  /** The sales are on their way: the page waits for them, or the strip would shove the grid down on arrival. */
  isLoading: boolean;
}

/**
 * GET /api/Marketplace/garage-sales near the saved place (docs/product.md §7), ended sales dropped (and a delete sent
 * for them, docs/product.md §4). Five or more make the carousel strip; one to four go at the front of the product grid
 * (docs/product.md §2), with "Plan my route" above it once a sale is picked.
 */
export function useMarketplaceGarageSales(): MarketplaceGarageSales {
  const query = useMarketplaceSales();
  const sales = useLiveSales(query.data);
  const isLoading = query.isPending;
  if (sales.length === 0) return { strip: null, gridCards: null, isLoading };
  if (sales.length >= GARAGE_CAROUSEL_MIN)
    return { strip: createElement(GarageStrip, { sales }), gridCards: null, isLoading };
  return {
    strip: createElement(RouteLinkRow),
    gridCards: createElement(GarageGridCards, { sales }),
    isLoading,
  };
}
