import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, messages, type LikeResponse, type ViewsResponse } from '@rummage/contract';
import { productLikes, productReports, productViews } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';

const L = messages.listing;
let t: TestApp;
let seller: TestUser;
let sellerToken: string;
let fan: TestUser;
let fanToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createUser(t.app);
  sellerToken = await signIn(t.app, seller);
  fan = await createUser(t.app);
  fanToken = await signIn(t.app, fan);
});
afterAll(async () => {
  await t?.close();
});

const likeUrl = (id: number | string) => apiPath(API.product.likeUnlike, { id });
const viewUrl = (id: number | string) => apiPath(API.product.incrementViews, { id });

async function like(id: number, token: string, payload?: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: likeUrl(id),
    headers: { ...bearer(token), 'content-type': 'application/json' },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LikeResponse>().data;
}

const likeRows = async (productId: number) => {
  const [row] = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(productLikes)
    .where(eq(productLikes.productId, productId));
  return Number(row?.n);
};

describe('POST /api/Product/like-unlike/{id}', () => {
  it('toggles, with counts derived from who likes it (empty JSON body, as the SPEC client sends)', async () => {
    const id = await createProduct(t.app, seller.id);
    expect(await like(id, fanToken)).toEqual({ likesCount: 1, isLikedByCurrentUser: true });
    expect(await like(id, sellerToken)).toEqual({ likesCount: 2, isLikedByCurrentUser: true });
    expect(await like(id, fanToken)).toEqual({ likesCount: 1, isLikedByCurrentUser: false });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/Product/${id}`,
      headers: bearer(sellerToken),
    });
    expect(detail.json<{ data: { likesCount: number; isLikedByCurrentUser: boolean } }>().data).toMatchObject(
      {
        likesCount: 1,
        isLikedByCurrentUser: true,
      },
    );
  });

  it('leaves exactly one like when one person likes twice at the same moment', async () => {
    const id = await createProduct(t.app, seller.id);
    // A client that sends the state it shows: any number of simultaneous requests agree.
    const both = await Promise.all([like(id, fanToken, { like: true }), like(id, fanToken, { like: true })]);
    expect(both).toEqual([
      { likesCount: 1, isLikedByCurrentUser: true },
      { likesCount: 1, isLikedByCurrentUser: true },
    ]);
    expect(await likeRows(id)).toBe(1);
    expect(await like(id, fanToken, { like: false })).toEqual({ likesCount: 0, isLikedByCurrentUser: false });
    expect(await likeRows(id)).toBe(0);
  });

  it('runs simultaneous toggles one after the other: never two rows, counts always true', async () => {
    const id = await createProduct(t.app, seller.id);
    const other = await signIn(t.app, await createUser(t.app));
    const answers = await Promise.all([like(id, fanToken), like(id, fanToken), like(id, other)]);
    // fan's two toggles cancel out whatever order they ran in; the other person's like stands.
    expect(await likeRows(id)).toBe(1);
    const fanAnswers = answers.slice(0, 2).map((answer) => answer.isLikedByCurrentUser);
    expect(fanAnswers.sort()).toEqual([false, true]);
    expect(answers[2]?.isLikedByCurrentUser).toBe(true);
  });

  it('needs a login (401), a real listing (404) and a numeric id (400)', async () => {
    const id = await createProduct(t.app, seller.id);
    const visitor = await t.app.inject({ method: 'POST', url: likeUrl(id) });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<{ message: string }>().message).toBe(messages.common.loginRequired);
    const missing = await t.app.inject({
      method: 'POST',
      url: likeUrl(88_888_888),
      headers: bearer(fanToken),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: likeUrl('abc'), headers: bearer(fanToken) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/Product/report', () => {
  const report = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: API.product.report,
      headers: token ? bearer(token) : {},
      payload,
    });

  it('accepts one report per person; the second answers 409 with the SPEC text', async () => {
    const id = await createProduct(t.app, seller.id);
    const first = await report(fanToken, { productId: id, reason: 'Looks like a scam' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: L.reported });
    const again = await report(fanToken, { productId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(L.alreadyReported);
    const rows = await t.app.parts.storage.database.db
      .select()
      .from(productReports)
      .where(and(eq(productReports.productId, id), eq(productReports.reporterId, fan.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'Looks like a scam', status: 'open' });
  });

  it('refuses your own listing, visitors, unknown listings and bad bodies', async () => {
    const id = await createProduct(t.app, seller.id);
    const own = await report(sellerToken, { productId: id });
    expect(own.statusCode).toBe(400);
    expect(own.json<{ message: string }>().message).toBe(L.cannotReportOwn);
    expect((await report(undefined, { productId: id })).statusCode).toBe(401);
    expect((await report(fanToken, { productId: 55_555_555 })).statusCode).toBe(404);
    expect((await report(fanToken, { productId: 'abc' })).statusCode).toBe(400);
    const long = await report(fanToken, { productId: id, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toBe(L.reportReasonTooLong);
  });
});

describe('POST /api/Product/increment-views/{id}', () => {
  const view = async (id: number, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'POST', url: viewUrl(id), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ViewsResponse>().data.views;
  };

  it('counts a viewer once an hour; another viewer counts; the seller never does', async () => {
    const id = await createProduct(t.app, seller.id);
    const browserA = { 'user-agent': 'Browser A', 'content-type': 'application/json' };
    expect(await view(id, browserA)).toBe(1);
    expect(await view(id, browserA)).toBe(1);
    expect(await view(id, { 'user-agent': 'Browser B' })).toBe(2);
    expect(await view(id, bearer(fanToken))).toBe(3);
    expect(await view(id, bearer(fanToken))).toBe(3);
    expect(await view(id, bearer(sellerToken))).toBe(3);
    const both = await Promise.all([view(id, { 'user-agent': 'C' }), view(id, { 'user-agent': 'C' })]);
    expect(Math.max(...both)).toBe(4);

    // An hour later the same person counts again.
    await t.app.parts.storage.database.db
      .update(productViews)
      .set({ viewedAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(productViews.productId, id));
    expect(await view(id, browserA)).toBe(5);
    // The raw IP is not what is stored.
    const keys = await t.app.parts.storage.database.db
      .select({ key: productViews.viewerKey })
      .from(productViews);
    expect(keys.some((row) => row.key.includes('127.0.0.1'))).toBe(false);
  });

  it('answers 404 for unknown and hidden listings, 400 for bad ids', async () => {
    const hidden = await createProduct(t.app, seller.id, { hidden: true });
    expect((await t.app.inject({ method: 'POST', url: viewUrl(hidden) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: viewUrl(66_666_666) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: viewUrl('abc') })).statusCode).toBe(400);
  });
});
