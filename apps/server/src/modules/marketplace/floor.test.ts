/**
 * bench/feed's floor (bench/feed/floor.ts) answers the feed's requests with the app's exact bytes: its req/s is
 * only the limit of the app's req/s while both send the same JSON from the same statements. The floor speaks
 * node-postgres, so this runs in the PostgreSQL pass (DATABASE_URL) only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MILES_TO_KM } from '@rummage/contract';
import { productLikes, products, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { createProduct } from '../../test/products.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

// bench/feed/run.ts's four scenarios, on a few listings: Chicago fills its pages from the newest-first window,
// "vintage" there and Pierre, SD take the second statement (words counted first, then the full query).
const radius = `radiusKm=${25 * MILES_TO_KM}`;
const chicago = `latitude=41.8781&longitude=-87.6298&${radius}`;
const SCENARIOS = {
  radius: `page=1&pageSize=12&${chicago}`,
  'radius-search': `page=1&pageSize=12&${chicago}&search=vintage`,
  'no-location': 'page=1&pageSize=12',
  sparse: `page=1&pageSize=12&latitude=44.3683&longitude=-100.351&${radius}`,
};

let t: TestApp;
let floor: ChildProcess | undefined;
let floorBase = '';

function startFloor(databaseUrl: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed/floor.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`the floor exited early (code ${code})`)));
    child.once('message', (message: { port: number }) => {
      floorBase = `http://127.0.0.1:${message.port}`;
      resolve(child);
    });
  });
}

async function seed(app: TestApp['app']) {
  const db = app.parts.storage.database.db;
  const seller = await createUser(app);
  const other = await createUser(app);
  const buyer = await createUser(app);
  await db.update(users).set({ imageUrl: '/uploads/users/x/face.webp' }).where(eq(users.id, other.id));
  const day = 24 * 60 * 60 * 1000;
  const at = (n: number) => new Date(Date.now() - (30 - n) * 60_000);
  const ids: number[] = [];
  for (let n = 0; n < 20; n++) {
    ids.push(
      await createProduct(app, n % 3 ? seller.id : other.id, {
        title: n % 4 ? `Oak chair ${n}` : `Vintage lamp ${n}`,
        price: 19.99 + n,
        latitude: 41.8781 + n * 0.01,
        longitude: -87.6298 - n * 0.013,
        categoryTitle: n % 5 ? undefined : 'Furniture',
        images: n % 6 === 0 ? 0 : 1 + (n % 3),
        isSold: n === 7,
        createdAt: at(n),
      }),
    );
  }
  for (let n = 0; n < 3; n++) {
    await createProduct(app, seller.id, { latitude: 44.4 + n * 0.02, longitude: -100.3, createdAt: at(n) });
  }
  // A hold shows on the card (its end, and whether it is the reader's); likes are counted.
  await db
    .update(products)
    .set({ reservedForId: buyer.id, reservedUntil: new Date(Date.now() + day) })
    .where(eq(products.id, ids[18]!));
  await db.insert(productLikes).values([
    { userId: buyer.id, productId: ids[19]! },
    { userId: other.id, productId: ids[19]! },
    { userId: buyer.id, productId: ids[3]! },
  ]);
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  await seed(t.app);
  floor = await startFloor(t.databaseUrl!);
}, 60_000);
afterAll(async () => {
  floor?.removeAllListeners('exit');
  floor?.kill('SIGTERM');
  await t?.close();
});

async function fromApp(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `${API.marketplace.products}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}
async function fromFloor(query: string) {
  const response = await fetch(`${floorBase}${API.marketplace.products}?${query}`);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return body;
}

const BEFORE = /"before":"([^"]+)"/;
const beforeOf = (body: string) => BEFORE.exec(body)?.[1] ?? '';

describe.skipIf(!onPostgres)('bench/feed floor: the same bytes as the app (PostgreSQL only)', () => {
  it.each(Object.entries(SCENARIOS))('%s, read against now', async (_name, query) => {
    const app = await fromApp(query);
    const ours = await fromFloor(query);
    expect(JSON.parse(app).data.length).toBeGreaterThan(0);
    // Each read its own "now": the snapshot differs by the time between the two requests, nothing else.
    expect(Math.abs(Date.parse(beforeOf(ours)) - Date.parse(beforeOf(app)))).toBeLessThan(60_000);
    expect(ours.replace(BEFORE, '"before":"…"')).toBe(app.replace(BEFORE, '"before":"…"'));
  });

  it.each(Object.entries(SCENARIOS))(
    '%s, page 1 and 2 against the snapshot of page 1',
    async (_name, query) => {
      const before = beforeOf(await fromApp(query));
      for (const page of [1, 2]) {
        const paged = `${query.replace('page=1', `page=${page}`)}&before=${encodeURIComponent(before)}`;
        expect(await fromFloor(paged)).toBe(await fromApp(paged));
      }
    },
  );

  it('a second page is not empty, so the pages above compare cards', async () => {
    const before = beforeOf(await fromApp(SCENARIOS['no-location']));
    const page2 = await fromFloor(`page=2&pageSize=12&before=${encodeURIComponent(before)}`);
    expect(JSON.parse(page2).data.length).toBeGreaterThan(0);
  });
});

describe.skipIf(onPostgres)('bench/feed floor', () => {
  it.skip('needs PostgreSQL: set DATABASE_URL (the PostgreSQL pass of .ci/run does)', () => undefined);
});
