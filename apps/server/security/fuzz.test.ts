import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rummage/contract';
import { chatMessages, products, users } from '../src/db/schema.js';
import { createUser } from '../src/test/factories.js';
import { jpegWithGps, png } from '../src/test/products.js';
import { fixedIds, type Hints } from './arbitraries.js';
import type { SampleFiles } from './arbitraries-forms.js';
import { operations, type Operation } from './openapi.js';
import { answerProblem, describeRequest, isHub, requestArb, send, StatusTally } from './requests.js';
import { ROUTE_CASES } from './route-table.js';
import { buildWorld, type World } from './world.js';

/**
 * Property-based fuzzing: 10,000 requests generated from the OpenAPI document's schemas, through
 * app.inject, as a signed-in person (the staff console as an admin). No answer may be a 5xx, and every answer of
 * the JSON API must have a documented status and match that status's schema. Replay a failure with the printed
 * FUZZ_SEED (each route runs with FUZZ_SEED + its index). The stateful fuzzer over request sequences is fuzz/.
 */
const TOTAL_REQUESTS = 10_000;
/** The SignalR transport endpoints only need to survive junk; the JSON API gets the rest of the budget. */
const HUB_RUNS = 20;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

const hubKey = (key: string) => isHub({ path: key.split(' ')[1]! });
const KEYS = Object.keys(ROUTE_CASES);
const apiKeys = KEYS.filter((key) => !hubKey(key));
const hubBudget = (KEYS.length - apiKeys.length) * HUB_RUNS;
const RUNS = new Map(
  KEYS.map((key) => {
    if (hubKey(key)) return [key, HUB_RUNS];
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
const tally = new StatusTally();

beforeAll(async () => {
  console.info(`fuzzing with FUZZ_SEED=${SEED}`);
  w = await buildWorld();
  ops = new Map(operations(w.app).map((op) => [op.key, op]));
  const db = w.app.parts.storage.database.db;
  const ids = new Set<number>([w.productId, w.garageId, w.ticketId]);
  for (const row of await db.select({ id: users.id }).from(users)) ids.add(row.id);
  for (const row of await db.select({ id: products.id }).from(products)) ids.add(row.id);
  for (const row of await db.select({ id: chatMessages.id }).from(chatMessages)) ids.add(row.id);
  hints = fixedIds([...ids]);
  files = { png: await png(32, 24), jpegWithGps: await jpegWithGps() };
});
afterAll(async () => {
  console.info(`fuzzed ${tally.sent} requests (FUZZ_SEED=${SEED}); statuses: ${tally}`);
  await w?.t.close();
});

type Auth = 'user' | 'none' | 'garbage';
const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 18, arbitrary: fc.constant<Auth>('user') },
  { weight: 1, arbitrary: fc.constant<Auth>('none') },
  { weight: 1, arbitrary: fc.constant<Auth>('garbage') },
);

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
  // Ending sessions or the account itself runs as someone else: the owner stays signed in for the routes after it.
  if (op.path === API.account.logout || op.path === API.account.logoutEverywhere) {
    return `Bearer ${await w.session(w.other.user.id)}`;
  }
  if (op.key === `DELETE ${API.account.delete}`)
    return `Bearer ${await w.session((await createUser(w.app)).id)}`;
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
      const property = fc.asyncProperty(auth, requestArb(op, hints, files), async (who, request) => {
        const response = await send(w.app, request, await tokenFor(op, who));
        tally.add(response.statusCode);
        if (op.path.startsWith('/api/Staff/')) await restorePrincipals();
        const problem = answerProblem(op, response);
        if (problem) throw new Error(`${describeRequest(request, who)} → ${problem}`);
      });
      try {
        await fc.assert(property, { numRuns: runs, seed: SEED + index, endOnFailure: true });
      } catch (error) {
        throw new Error(`replay with FUZZ_SEED=${SEED}: ${(error as Error).message}`, { cause: error });
      }
    });
  });

  it('sent every request of the budget, and Object.prototype is clean after all the `__proto__` sent', () => {
    expect(tally.sent).toBe(TOTAL_REQUESTS);
    const probe = {} as Record<string, unknown>;
    expect([probe.role, probe.isAdmin, probe.x]).toEqual([undefined, undefined, undefined]);
  });
});
