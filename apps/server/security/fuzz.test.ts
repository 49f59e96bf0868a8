import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HUBS } from '@rummage/contract';
import { chatMessages, products, users } from '../src/db/schema.js';
import { jpegWithGps, png } from '../src/test/products.js';
import {
  bodyText,
  contentType,
  encodeLoosely,
  junkValue,
  urlFor,
  type FuzzRequest,
  type Hints,
} from './arbitraries.js';
import { formBody, type SampleFiles } from './arbitraries-forms.js';
import { operations, responseProblem, type Operation } from './openapi.js';
import { ROUTE_CASES } from './route-table.js';
import { buildWorld, type World } from './world.js';

/**
 * Property-based fuzzing: 10,000 requests generated from the OpenAPI document's schemas, through
 * app.inject, as a signed-in person (the staff console as an admin). No answer may be a 5xx, and every answer of
 * the JSON API must have a documented status and match that status's schema. Replay a failure with the printed
 * FUZZ_SEED (each route runs with FUZZ_SEED + its index).
 */
const TOTAL_REQUESTS = 10_000;
/** The SignalR transport endpoints only need to survive junk; the JSON API gets the rest of the budget. */
const HUB_RUNS = 20;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

const isHub = (key: string) => Object.values(HUBS).some((hub) => key.split(' ')[1]!.startsWith(hub));
const KEYS = Object.keys(ROUTE_CASES);
const apiKeys = KEYS.filter((key) => !isHub(key));
const hubBudget = (KEYS.length - apiKeys.length) * HUB_RUNS;
const RUNS = new Map(
  KEYS.map((key) => {
    if (isHub(key)) return [key, HUB_RUNS];
    const index = apiKeys.indexOf(key);
    const share = Math.floor((TOTAL_REQUESTS - hubBudget) / apiKeys.length);
    const remainder = (TOTAL_REQUESTS - hubBudget) % apiKeys.length;
    return [key, share + (index < remainder ? 1 : 0)];
  }),
);

let w: World;
let ops: Map<string, Operation>;
let hints: Hints;
let files: SampleFiles;
let sent = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  console.info(`fuzzing with FUZZ_SEED=${SEED}`);
  w = await buildWorld();
  ops = new Map(operations(w.app).map((op) => [op.key, op]));
  const db = w.app.parts.storage.database.db;
  const ids = new Set<number>([w.productId, w.garageId, w.ticketId]);
  for (const row of await db.select({ id: users.id }).from(users)) ids.add(row.id);
  for (const row of await db.select({ id: products.id }).from(products)) ids.add(row.id);
  for (const row of await db.select({ id: chatMessages.id }).from(chatMessages)) ids.add(row.id);
  hints = { ids: [...ids] };
  files = { png: await png(32, 24), jpegWithGps: await jpegWithGps() };
});
afterAll(async () => {
  console.info(
    `fuzzed ${sent} requests (FUZZ_SEED=${SEED}); statuses: ` +
      [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
  );
  await w?.t.close();
});

type Auth = 'user' | 'none' | 'garbage';
const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 18, arbitrary: fc.constant<Auth>('user') },
  { weight: 1, arbitrary: fc.constant<Auth>('none') },
  { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
);

const LISTING_FIELDS = ['Title', 'Description', 'Price', 'Latitude', 'Longitude', 'CategoryId'];

function requestArb(op: Operation): fc.Arbitrary<{ auth: Auth; request: FuzzRequest }> {
  type Body = { payload?: string | Buffer; headers: Record<string, string> };
  let body: fc.Arbitrary<Body>;
  if (op.multipart) {
    const photo = op.path.startsWith('/api/User/');
    const fields = photo
      ? ['UserId']
      : op.method === 'PUT'
        ? [...LISTING_FIELDS, 'ProductId', 'ImagesToDelete']
        : LISTING_FIELDS;
    body = formBody(fields, photo ? 'ImageFile' : 'Images', files, hints);
  } else if (op.body) {
    body = fc
      .tuple(bodyText(op.body, hints), contentType)
      .map(([payload, type]): Body => ({ payload, headers: type ? { 'content-type': type } : {} }));
  } else {
    // Routes without a body still get one now and then: it must be ignored or refused, never crash.
    body = fc
      .option(
        junkValue.map((value) => JSON.stringify(value) ?? ''),
        { freq: 4 },
      )
      .map((payload): Body =>
        payload === null ? { headers: {} } : { payload, headers: { 'content-type': 'application/json' } },
      );
  }
  let url = urlFor(op, hints);
  if (isHub(op.key)) {
    url = fc
      .tuple(
        url,
        fc.option(fc.string({ maxLength: 30 })),
        fc.option(fc.constantFrom('0', '1', '2', '-1', 'x')),
      )
      .map(([base, id, version]) => {
        const query = [
          id !== null && `id=${encodeLoosely(id)}`,
          version !== null && `negotiateVersion=${version}`,
        ];
        const text = query.filter(Boolean).join('&');
        return text ? `${base}?${text}` : base;
      });
  }
  return fc.tuple(auth, url, body).map(([who, path, { payload, headers }]) => ({
    auth: who,
    request: { method: op.method, url: path, headers, ...(payload !== undefined && { payload }) },
  }));
}

/** A ban, a role change or a logout among the generated requests must not end the fuzzing person's session. */
async function restorePrincipals(): Promise<void> {
  const db = w.app.parts.storage.database.db;
  const ids = [w.owner.user.id, w.admin.user.id];
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  for (const row of rows) {
    const role = row.id === w.admin.user.id ? 'admin' : 'user';
    if (row.bannedAt === null && row.role === role) continue;
    await db.update(users).set({ bannedAt: null, banReason: null, role }).where(eq(users.id, row.id));
    const principal = row.id === w.admin.user.id ? w.admin : w.owner;
    principal.token = await w.session(row.id);
  }
}

async function tokenFor(op: Operation, who: Auth): Promise<string | undefined> {
  if (who === 'none') return undefined;
  if (who === 'garbage') return 'Bearer not-a-real-token';
  if (op.path === API.account.logout) return `Bearer ${await w.session(w.owner.user.id)}`;
  return `Bearer ${op.path.startsWith('/api/Staff/') ? w.admin.token : w.owner.token}`;
}

describe(`fuzzing ${TOTAL_REQUESTS} requests from the OpenAPI document`, () => {
  it('spends exactly the budget over every documented operation', () => {
    expect([...RUNS.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL_REQUESTS);
    expect([...ops.keys()].sort()).toEqual([...KEYS].sort());
  });

  KEYS.forEach((key, index) => {
    const runs = RUNS.get(key)!;
    it(`${key} × ${runs}`, async () => {
      const op = ops.get(key);
      if (!op) throw new Error(`${key} is not in the OpenAPI document`);
      const property = fc.asyncProperty(requestArb(op), async ({ auth: who, request }) => {
        const authorization = await tokenFor(op, who);
        sent++;
        const response = await w.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...(authorization && { authorization }) },
          ...(request.payload !== undefined && { payload: request.payload }),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (op.path.startsWith('/api/Staff/')) await restorePrincipals();
        const where = `${request.method} ${request.url.slice(0, 200)} (${who}) body ${String(request.payload ?? '').slice(0, 200)}`;
        if (response.statusCode >= 500)
          throw new Error(`${where} → ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (response.body.includes('$argon2')) throw new Error(`${where} → a password hash in the answer`);
        if (isHub(key)) return;
        const problem = responseProblem(op, response);
        if (problem)
          throw new Error(`${where} → ${response.statusCode}: ${problem}: ${response.body.slice(0, 300)}`);
      });
      try {
        await fc.assert(property, { numRuns: runs, seed: SEED + index, endOnFailure: true });
      } catch (error) {
        throw new Error(`replay with FUZZ_SEED=${SEED}: ${(error as Error).message}`, { cause: error });
      }
    });
  });

  it('sent every request of the budget, and Object.prototype is clean after all the `__proto__` sent', () => {
    expect(sent).toBe(TOTAL_REQUESTS);
    const probe = {} as Record<string, unknown>;
    expect([probe.role, probe.isAdmin, probe.x]).toEqual([undefined, undefined, undefined]);
  });
});
