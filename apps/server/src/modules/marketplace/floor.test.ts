/**
 * The floor of bench/feed and bench/mixed (bench/feed/floor.ts) answers the feed's and a listing's reads with the
 * app's exact bytes, for anonymous and signed-in readers: its req/s is only the limit of the app's req/s while both
 * send the same JSON from the same statements. The floor speaks node-postgres, so this runs in the PostgreSQL pass
 * (DATABASE_URL) only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, MILES_TO_KM, type ProductCard } from '@rummage/contract';
import { follows, productLikes, products, userBlocks, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
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
/** The signed-in reader: holds a reservation, likes, follows a seller, blocked someone who lists nearby. */
let token = '';
let listings: Record<
  'plain' | 'liked' | 'reserved' | 'unphotographed' | 'sold' | 'blocked' | 'hidden',
  number
>;

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

/** Tells the floor who a token stands for, as bench/mixed does, and waits until it has. */
function tellFloor(child: ChildProcess, readers: Array<[string, unknown]>): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send({ type: 'readers', readers });
  });
}

async function seed(app: TestApp['app']) {
  const db = app.parts.storage.database.db;
  const seller = await createUser(app);
  const other = await createUser(app);
  const buyer = await createUser(app);
  const blocked = await createUser(app);
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
  // The newest around Chicago, so an anonymous first page shows them and the buyer's does not.
  const blockedIds: number[] = [];
  for (let n = 0; n < 3; n++) {
    const fields = { title: `Vintage desk ${n}`, latitude: 41.88, longitude: -87.63, createdAt: at(25 + n) };
    blockedIds.push(await createProduct(app, blocked.id, fields));
  }
  const hidden = await createProduct(app, seller.id, { hidden: true, createdAt: at(5) });
  await db.insert(userBlocks).values({ blockerId: buyer.id, blockedId: blocked.id });
  await db.insert(follows).values({ followerId: buyer.id, followeeId: seller.id });
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
  listings = {
    plain: ids[1]!,
    liked: ids[19]!,
    reserved: ids[18]!,
    unphotographed: ids[0]!,
    sold: ids[7]!,
    blocked: blockedIds[0]!,
    hidden,
  };
  return buyer;
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  const buyer = await seed(t.app);
  token = await signIn(t.app, buyer);
  floor = await startFloor(t.databaseUrl!);
  await tellFloor(floor, [[token, { id: buyer.id, username: buyer.username, role: 'user' }]]);
});
afterAll(async () => {
  floor?.removeAllListeners('exit');
  floor?.kill('SIGTERM');
  await t?.close();
});

async function fromApp(query: string, reader?: string) {
  return (await appAnswer(`${API.marketplace.products}?${query}`, reader, 200)).body;
}
async function fromFloor(query: string, reader?: string) {
  return (await floorAnswer(`${API.marketplace.products}?${query}`, reader, 200)).body;
}
async function appAnswer(url: string, reader?: string, status?: number) {
  const headers = reader ? bearer(reader) : {};
  const response = await t.app.inject({ method: 'GET', url, headers });
  if (status) expect(response.statusCode, response.body).toBe(status);
  return { status: response.statusCode, body: response.body };
}
async function floorAnswer(url: string, reader?: string, status?: number) {
  const response = await fetch(`${floorBase}${url}`, { headers: reader ? bearer(reader) : {} });
  const body = await response.text();
  if (status) expect(response.status, body).toBe(status);
  return { status: response.status, body };
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

const cards = (body: string) => (JSON.parse(body) as { data: ProductCard[] }).data;

describe.skipIf(!onPostgres)(
  'the floor as a signed-in reader: the same bytes as the app (PostgreSQL only)',
  () => {
    it.each(Object.entries(SCENARIOS))(
      '%s, page 1 and 2 against the snapshot of page 1',
      async (_name, query) => {
        const before = beforeOf(await fromApp(query, token));
        for (const page of [1, 2]) {
          const paged = `${query.replace('page=1', `page=${page}`)}&before=${encodeURIComponent(before)}`;
          expect(await fromFloor(paged, token)).toBe(await fromApp(paged, token));
        }
      },
    );

    it("leaves out the people the reader blocked and marks the reader's hold, as the app does", async () => {
      const anonymous = cards(await fromFloor(SCENARIOS.radius)).map((card) => card.id);
      const signedIn = cards(await fromFloor(SCENARIOS.radius, token));
      expect(anonymous).toContain(listings.blocked);
      expect(signedIn.map((card) => card.id)).not.toContain(listings.blocked);
      const page2 = `${SCENARIOS.radius.replace('page=1', 'page=2')}`;
      const held = [...signedIn, ...cards(await fromFloor(page2, token))].find(
        (card) => card.id === listings.reserved,
      );
      expect(held?.isReservedForCurrentUser).toBe(true);
    });

    it.each(['plain', 'liked', 'reserved', 'unphotographed', 'sold', 'blocked'] as const)(
      'the %s listing, to the signed-in reader and to anyone',
      async (name) => {
        const url = apiPath(API.product.item, { id: listings[name] });
        for (const reader of [token, undefined]) {
          expect(await floorAnswer(url, reader, 200)).toEqual(await appAnswer(url, reader, 200));
        }
      },
    );

    it('a hidden listing is not found, in the same words', async () => {
      const url = apiPath(API.product.item, { id: listings.hidden });
      const app = await appAnswer(url, token);
      expect(app.status).toBe(404);
      expect(await floorAnswer(url, token)).toEqual(app);
    });

    it("the listing's answer says what the reader did: liked, follows the seller, holds it", async () => {
      const liked = await floorAnswer(apiPath(API.product.item, { id: listings.liked }), token, 200);
      expect(JSON.parse(liked.body).data).toMatchObject({
        isLikedByCurrentUser: true,
        isFollowedByCurrentUser: true,
      });
      const reserved = await floorAnswer(apiPath(API.product.item, { id: listings.reserved }), token, 200);
      expect(JSON.parse(reserved.body).data).toMatchObject({ isReservedForCurrentUser: true });
    });

    it('a token it was not told is refused, not read as anyone', async () => {
      const answer = await floorAnswer(
        SCENARIOS.radius.replace(/^/, `${API.marketplace.products}?`),
        'not-a-token',
      );
      expect(answer.status).toBe(401);
    });
  },
);

describe.skipIf(onPostgres)('bench/feed floor', () => {
  it.skip('needs PostgreSQL: set DATABASE_URL (the PostgreSQL pass of .ci/run does)', () => undefined);
});
