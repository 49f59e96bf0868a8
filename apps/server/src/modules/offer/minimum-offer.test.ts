import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, type OfferResponse, type ProductDetail } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { image, listingFields, multipart, png, type Part } from '../../test/products.js';

const O = messages.offers;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function person(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.app);
  return { id: user.id, token: await signIn(t.app, user) };
}

async function send(method: 'POST' | 'PUT', token: string, parts: Part[]) {
  const body = multipart([...parts, image(await png(40, 30))]);
  const url = method === 'POST' ? API.product.add : API.product.update;
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

async function saved(response: Awaited<ReturnType<typeof send>>): Promise<ProductDetail> {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: ProductDetail }>().data;
}

async function get(url: string, token?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe("the seller's lowest offer on the listing form", () => {
  it('is kept with the listing and answered to its seller alone, never to a buyer, a visitor or the feed', async () => {
    const [seller, buyer] = await Promise.all([person(), person()]);
    const created = await saved(
      await send(
        'POST',
        seller.token,
        listingFields({ Title: 'Walnut desk', Price: '45.50', MinimumOffer: '30' }),
      ),
    );
    expect(created.minimumOffer).toBe(30);
    const item = apiPath(API.product.item, { id: created.id });
    expect(JSON.parse(await get(item, seller.token)).data.minimumOffer).toBe(30);

    const answers = [
      await get(item, buyer.token),
      await get(item),
      await get(`${API.marketplace.products}?search=walnut`),
      await get(`${API.marketplace.products}?search=walnut`, buyer.token),
      await get(apiPath(API.product.unsoldByUser, { userId: seller.id }), buyer.token),
    ];
    expect(answers[2]).toContain('Walnut desk');
    for (const body of answers) expect(body).not.toMatch(/minimumOffer|minimum_offer/i);

    // It works as the seller's floor: a buyer offering below it is declined at once.
    const low = await t.app.inject({
      method: 'POST',
      url: API.offer.root,
      headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ productId: created.id, amount: 29.99 }),
    });
    expect(low.statusCode, low.body).toBe(201);
    expect(low.json<OfferResponse>()).toMatchObject({ message: O.tooLow, data: { status: 'declined' } });
  });

  it('is optional, validated like a price, and must be below the price', async () => {
    const seller = await person();
    expect((await saved(await send('POST', seller.token, listingFields()))).minimumOffer).toBeNull();
    const blank = await saved(await send('POST', seller.token, listingFields({ MinimumOffer: ' ' })));
    expect(blank.minimumOffer).toBeNull();
    for (const [value, message] of [
      ['abc', O.minimumRange],
      ['12.345', O.minimumRange],
      ['-1', O.minimumRange],
      ['45.50', O.minimumNotBelowPrice],
      ['60', O.minimumNotBelowPrice],
    ] as const) {
      const refused = await send(
        'POST',
        seller.token,
        listingFields({ Price: '45.50', minimumoffer: value }),
      );
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json(), value).toMatchObject({ message, errors: { MinimumOffer: message } });
    }
  });

  it('stays as it was when an edit leaves it out, is cleared when sent blank, and must stay below a new price', async () => {
    const seller = await person();
    const created = await saved(
      await send('POST', seller.token, listingFields({ Price: '100', MinimumOffer: '80.25' })),
    );
    const edit = (fields: Record<string, string>) =>
      send('PUT', seller.token, [{ name: 'ProductId', value: created.id }, ...listingFields(fields)]);

    expect((await saved(await edit({ Price: '90' }))).minimumOffer).toBe(80.25);
    const under = await edit({ Price: '80' });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({ message: O.minimumNotBelowPrice });
    expect((await saved(await edit({ Price: '80', MinimumOffer: '60' }))).minimumOffer).toBe(60);
    expect((await saved(await edit({ Price: '80', MinimumOffer: '' }))).minimumOffer).toBeNull();

    const stranger = await person();
    const refused = await send('PUT', stranger.token, [
      { name: 'ProductId', value: created.id },
      ...listingFields({ MinimumOffer: '1' }),
    ]);
    expect(refused.statusCode).toBe(403);
  });
});
