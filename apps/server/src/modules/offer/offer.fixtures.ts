/** Requests the offer tests share: a listing with its seller and two buyers, offers and their answers, what each sees. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  API,
  apiPath,
  type OfferListResponse,
  type OfferResponse,
  type ProductDetail,
} from '@rummage/contract';
import { createProduct } from '../../test/products.js';
import { dealApi } from '../deal/deal.fixtures.js';
import type { Person } from '../notification/notification.fixtures.js';
import type { OfferAction } from './offer.service.js';

export function offerApi(app: FastifyInstance) {
  const api = dealApi(app);
  const { post, get } = api;
  return {
    ...api,
    offer: (who: Person, productId: number, amount: unknown) =>
      post(API.offer.root, who, { productId, amount }),
    act: (who: Person, id: number, action: OfferAction) => post(apiPath(API.offer[action], { id }), who),
    counter: (who: Person, id: number, amount: unknown) =>
      post(apiPath(API.offer.counter, { id }), who, { amount }),

    /** The offers on the listing as `who` is shown them (GET /api/Offer). */
    async offersOn(who: Person, productId: number) {
      const response = await get(`${API.offer.root}?productId=${productId}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OfferListResponse>().data;
    },

    /** A new offer's answer, once it is known to be one (201). */
    async made(response: Awaited<ReturnType<typeof post>>) {
      expect(response.statusCode, response.body).toBe(201);
      return response.json<OfferResponse>();
    },

    /** A listing asking `price`, its seller, a buyer and someone else, all signed in. */
    async listing(price = 100) {
      const [seller, buyer, other] = await Promise.all([api.person(), api.person(), api.person()]);
      const productId = await createProduct(app, seller.id, { price });
      return { seller, buyer, other, productId };
    },

    async detailFor(productId: number, who: Person): Promise<ProductDetail> {
      const response = await get(apiPath(API.product.item, { id: productId }), who);
      return response.json<{ data: ProductDetail }>().data;
    },
  };
}
