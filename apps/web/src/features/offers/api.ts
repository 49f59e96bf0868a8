import { API, apiPath, type OfferResponse } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** The answers a person can give an offer (docs/product.md §18); `counter` also takes an amount. */
export type OfferAction = 'accept' | 'decline' | 'withdraw';

/** POST /api/Offer: the answer's `message` is what the buyer reads (sent, or "not accepting offers this low"). */
export function makeOffer(productId: number, amount: string): Promise<OfferResponse> {
  return apiFetch<OfferResponse>(API.offer.root, { method: 'POST', body: { productId, amount } });
}

export function answerOffer(id: number, action: OfferAction): Promise<OfferResponse> {
  return apiFetch<OfferResponse>(apiPath(API.offer[action], { id }), { method: 'POST' });
}

export function counterOffer(id: number, amount: string): Promise<OfferResponse> {
  return apiFetch<OfferResponse>(apiPath(API.offer.counter, { id }), { method: 'POST', body: { amount } });
}
