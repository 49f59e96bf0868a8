import type { ReactNode } from 'react';

/** What the marketplace shows of upcoming garage sales (SPEC §2 Marketplace). */
export interface MarketplaceGarageSales {
  /** The carousel above the product grid: 5 or more sales. */
  strip: ReactNode;
  /** `<li>` cards placed at the front of the product grid: 1 to 4 sales. */
  gridCards: ReactNode;
}

const NONE: MarketplaceGarageSales = { strip: null, gridCards: null };

/**
 * GARAGE-SALE SLOT. The garage-sale issue fills this in (GET /api/Marketplace/garage-sales, countdown
 * cards linking to /garage/{id}); MarketplacePage already renders `strip` above the grid and `gridCards`
 * at its front. Until then there are no garage sales to show.
 */
export function useMarketplaceGarageSales(): MarketplaceGarageSales {
  return NONE;
}
