/** A deal as the API answers it (docs/product.md §19). */
import type { Deal } from '@rummage/contract';
import type { DealRow } from './deal.repository.js';

export function presentDeal(row: DealRow): Deal {
  return {
    id: row.id,
    productId: row.productId,
    sellerId: row.sellerId,
    buyerId: row.buyerId,
    price: row.price,
    soldAt: row.soldAt.toISOString(),
    status: row.status,
    rateUntil: row.rateUntil.toISOString(),
    title: row.title,
  };
}
