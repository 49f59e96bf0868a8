/** A deal as the API answers it (docs/product.md §19), and a rating as its author sees it (§20). */
import type { Deal, OwnReview } from '@rummage/contract';
import type { reviews } from '../../db/schema.js';
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

/** The author's own rating: published once both rated, or once the deal's window is over even before its job ran. */
export function presentOwnReview(row: typeof reviews.$inferSelect, deal: DealRow, at: Date): OwnReview {
  const published = row.publishedAt !== null || deal.rateUntil.getTime() <= at.getTime();
  return {
    id: row.id,
    dealId: row.dealId,
    stars: row.stars,
    text: row.text,
    role: row.role,
    status: published ? 'published' : 'pending',
    createdAt: row.createdAt.toISOString(),
  };
}
