import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, type ProductDetail } from '@rummage/contract';
import { products, users } from '../../db/schema.js';
import { createLocalImageStore, type ImageStore } from '../../services/storage/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import { filesUnder, image, listingFields, multipart, png } from '../../test/products.js';

/** A real local store with a switch to make the next puts fail or to run something after a put. */
const dir = mkdtempSync(join(tmpdir(), 'rummage-store-'));
const real = createLocalImageStore(dir);
let failAfterPuts = Infinity;
let afterPut: (() => Promise<void>) | undefined;
let puts = 0;
const store: ImageStore = {
  kind: 'local',
  async put(key, body, type) {
    if (puts++ >= failAfterPuts) throw new Error('disk full');
    await real.put(key, body, type);
    await afterPut?.();
  },
  delete: (key) => real.delete(key),
  url: (key) => real.url(key),
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { imageStore: store });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const productCount = async () => {
  const [row] = await t.app.parts.storage.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products);
  return Number(row?.n);
};

async function upload(token: string, photos = 2) {
  const body = multipart([
    ...listingFields(),
    ...(await Promise.all(Array.from({ length: photos }, () => png()))).map((data) => image(data)),
  ]);
  return t.app.inject({
    method: 'POST',
    url: API.product.add,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe('a failed upload leaves nothing behind', () => {
  it('removes the photos already written when a later write fails', async () => {
    const token = await signIn(t.app, await createUser(t.app));
    puts = 0;
    failAfterPuts = 3;
    const response = await upload(token);
    failAfterPuts = Infinity;
    expect(response.statusCode).toBe(500);
    expect(await productCount()).toBe(0);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('removes the written photos when the database refuses the listing', async () => {
    const seller = await createUser(t.app);
    const token = await signIn(t.app, seller);
    puts = 0;
    // The account disappears while its photos are being stored: the insert then fails on the foreign key.
    afterPut = async () => {
      if (puts === 4) await t.app.parts.storage.database.db.delete(users).where(eq(users.id, seller.id));
    };
    const response = await upload(token);
    afterPut = undefined;
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await productCount()).toBe(0);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('deletes the photo files with the listing', async () => {
    const token = await signIn(t.app, await createUser(t.app));
    const response = await upload(token, 3);
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: ProductDetail }>();
    expect(filesUnder(dir)).toHaveLength(6);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: apiPath(API.product.item, { id: data.id }),
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(filesUnder(dir)).toEqual([]);
  });
});

describe('over a real socket', () => {
  it('answers 413 or 415 mid-upload, drains the rest of the body and keeps the connection usable', async () => {
    const token = await signIn(t.app, await createUser(t.app));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const big = Buffer.concat([await png(), Buffer.alloc(t.config.uploads.maxImageBytes + 512 * 1024)]);
    const body = multipart([...listingFields(), image(big), image(await png())]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (payload: Buffer, headers: Record<string, string>, path: string, method = 'POST') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent,
            headers: { ...headers, 'content-length': payload.length },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    // A hang here fails on the test timeout; speed itself is a benchmark matter, not a unit-test assertion.
    const refused = await send(body.payload, { ...body.headers, ...bearer(token) }, API.product.add);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).message).toMatch(/at most 15 MB/);
    // The same keep-alive socket serves the next request.
    const next = await send(Buffer.alloc(0), {}, API.marketplace.products, 'GET');
    expect(next.status).toBe(200);

    // Refused on the first photo while megabytes of the next one are still on their way: drained, answered.
    const html = Buffer.from('<!doctype html><p>not a photo</p>');
    const filler = Buffer.concat([await png(), Buffer.alloc(8 * 1024 * 1024, 7)]);
    const second = multipart([...listingFields(), image(html, 'a.png'), image(filler, 'b.png')]);
    const early = await send(second.payload, { ...second.headers, ...bearer(token) }, API.product.add);
    expect(early.status).toBe(415);
    const visitor = await send(second.payload, second.headers, API.product.add);
    expect(visitor.status).toBe(401);
    expect((await send(Buffer.alloc(0), {}, API.marketplace.products, 'GET')).status).toBe(200);
    agent.destroy();
  });
});
