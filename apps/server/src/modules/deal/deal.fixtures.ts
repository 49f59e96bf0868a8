/** Requests the deal and rating tests share: a listing, a chat about it, a sale to someone, a rating. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API, apiPath, type DealListResponse, type OwnReviewResponse } from '@rummage/contract';
import { bearer } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';
import { notificationApi, type Person } from '../notification/notification.fixtures.js';

export function dealApi(app: FastifyInstance) {
  const people = notificationApi(app);

  function post(url: string, who: Person | undefined, body?: unknown) {
    return app.inject({
      method: 'POST',
      url,
      headers: {
        ...(who ? bearer(who.token) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  function get(url: string, who?: Person) {
    return app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  }

  async function chat(from: Person, to: Person, productId: number) {
    const response = await post(API.message.send, from, {
      productId,
      receiverId: to.id,
      message: 'Still there?',
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  const markSold = (seller: Person, productId: number, isSold: boolean, buyerId?: number) =>
    post(API.product.changeSoldStatus, seller, { productId, isSold, ...(buyerId && { buyerId }) });

  async function dealsOf(who: Person) {
    const response = await get(API.deal.root, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DealListResponse>().data;
  }

  return {
    ...people,
    post,
    get,
    chat,
    markSold,
    dealsOf,
    dispute: (who: Person, id: number) => post(apiPath(API.deal.dispute, { id }), who),
    rate: (who: Person, dealId: number, stars: unknown, text?: unknown) =>
      post(API.review.root, who, { dealId, stars, ...(text !== undefined && { text }) }),

    /** A listing a buyer chatted about, held for them by the seller. */
    async heldListing() {
      const [seller, buyer] = await Promise.all([people.person(), people.person()]);
      const productId = await createProduct(app, seller.id);
      await chat(buyer, seller, productId);
      const held = await post(API.product.reserve, seller, { productId, buyerId: buyer.id });
      expect(held.statusCode, held.body).toBe(200);
      return { seller, buyer, productId };
    },

    /** A listing at `price`, a chat about it with the buyer, and the sale to them: the deal's id. */
    async deal(price = 100) {
      const [seller, buyer, other] = await Promise.all([people.person(), people.person(), people.person()]);
      const productId = await createProduct(app, seller.id, { price });
      await chat(buyer, seller, productId);
      const sold = await markSold(seller, productId, true, buyer.id);
      expect(sold.statusCode, sold.body).toBe(200);
      const dealId = sold.json<{ data: { dealId: number } }>().data.dealId;
      return { seller, buyer, other, productId, dealId };
    },

    async rated(who: Person, dealId: number, stars: number, text?: string) {
      const response = await post(API.review.root, who, { dealId, stars, text });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<OwnReviewResponse>();
    },
  };
}
