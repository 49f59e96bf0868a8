import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HUBS } from '@rummage/contract';
import { buildTestApp } from '../src/test/app.js';
import { startTestPushService, type TestPushService } from '../src/test/push-service.js';
import { until } from '../src/test/until.js';
import { jpegWithGps, png } from '../src/test/products.js';
import type { SampleFiles } from '../security/arbitraries-forms.js';
import { operations, type Operation } from '../security/openapi.js';
import { commandArbs, type Model } from './commands.js';
import { Community } from './community.js';
import { storiesToTheEnd } from './stories.js';

/**
 * `npm run test:fuzz`: stateful fuzzing of the whole API. People sign up, confirm their address and sign in
 * through the API, then send sequences of requests generated from the OpenAPI document for every operation, with
 * ids that earlier answers gave (fuzz/pools.ts) and valid, boundary and hostile values (security/arbitraries.ts).
 * No answer may be a 5xx, and every answer must have a documented status and match that status's schema.
 *
 * FUZZ_REQUESTS requests (10,000 unless set; the npm script's default is 100,000) from FUZZ_SEED (random unless
 * set, printed). The app persists across fast-check's runs, so a failure replays from the start with its seed.
 */
const BUDGET = Number(process.env.FUZZ_REQUESTS) || 10_000;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
/** Commands per fast-check run: long enough that a listing made early is liked, reserved and deleted later on. */
const SEQUENCE = 100;
const replay = `FUZZ_SEED=${SEED} FUZZ_REQUESTS=${BUDGET} npm run test:fuzz`;

let community: Community;
let pushService: TestPushService;
let ops: Operation[];
let files: SampleFiles;

beforeAll(async () => {
  console.info(`stateful fuzzing: ${BUDGET} requests, FUZZ_SEED=${SEED} (replay: ${replay})`);
  // The test defaults lift the global and sign-in limits, so sequences reach the handlers; budgets per person
  // (chats an hour, saved searches, reports) still answer their documented 429.
  // A real push service on 127.0.0.1 for people's browsers, and notification e-mails a second after their news
  // (not ten minutes), so their unsubscribe links reach the pools within the run.
  pushService = await startTestPushService();
  const t = await buildTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', NOTIFY_EMAIL_DELAY_MS: '1000' });
  const key = await t.app.inject({ method: 'GET', url: API.notifications.pushKey });
  pushService.expectVapidKey(key.json<{ data: { publicKey: string } }>().data.publicKey);
  ops = operations(t.app);
  community = new Community(t, new Map(ops.map((op) => [op.key, op])), pushService);
  files = { png: await png(32, 24), jpegWithGps: await jpegWithGps() };
  await community.newAdmin();
});

afterAll(async () => {
  if (community) {
    console.info(
      `stateful fuzzing sent ${community.tally.sent} requests (FUZZ_SEED=${SEED}); statuses: ${community.tally}; ` +
        `ids pooled: ${community.pools.sizes()}`,
    );
    const never = ops.map((op) => op.key).filter((key) => !community.succeeded.has(key));
    console.info(`operations that never answered a 2xx: ${never.join(', ') || 'none'}`);
    const slowest = [...community.time].sort(([, a], [, b]) => b - a).slice(0, 8);
    console.info(
      `slowest operations (s in all): ${slowest.map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)}`).join(', ')}`,
    );
    await community.t.close();
  }
  await pushService?.close();
});

describe(`stateful fuzzing from the OpenAPI document`, () => {
  it(`${BUDGET} requests in sequences of ${SEQUENCE}`, async () => {
    const started = Date.now();
    const commands = fc.array(fc.oneof(...commandArbs(ops, community, files)), {
      minLength: SEQUENCE,
      maxLength: SEQUENCE,
    });
    const model: Model = { budget: BUDGET };
    const property = fc.asyncProperty(commands, async (sequence) => {
      await fc.asyncModelRun(() => ({ model, real: community }), sequence);
    });
    try {
      await fc.assert(property, {
        numRuns: Math.ceil(BUDGET / SEQUENCE),
        seed: SEED,
        endOnFailure: true,
      });
    } catch (error) {
      const message = community.failure ?? (error as Error).message;
      throw new Error(
        `${message}\nafter: ${community.recent.slice(0, -1).join('\n  ')}\nreplay with ${replay}`,
        { cause: error },
      );
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`${community.tally.sent} requests in ${seconds.toFixed(1)} s`);
    expect(community.tally.sent).toBeGreaterThanOrEqual(BUDGET);
  });

  it('took each story to its end: offers answered, a deal rated and one called off, held messages decided, an account set up', async () => {
    // New people of their own: the generated sequences leave blocks, bans and spent budgets between the others.
    const newcomers = new Community(community.t, new Map(ops.map((op) => [op.key, op])), pushService);
    await newcomers.newAdmin();
    const model: Model = { budget: Number.MAX_SAFE_INTEGER };
    for (const story of storiesToTheEnd(files.png)) await story.run(model, newcomers);
    for (const key of newcomers.succeeded) community.succeeded.add(key);
    const ends = [
      'POST /api/Offer',
      'POST /api/Offer/{id}/accept',
      'POST /api/Offer/{id}/decline',
      'POST /api/Offer/{id}/counter',
      'POST /api/Offer/{id}/withdraw',
      'POST /api/Product/reserve',
      'POST /api/Product/unreserve',
      'GET /api/Deal/buyers',
      'POST /api/Deal/{id}/dispute',
      'POST /api/Review',
      'POST /api/Review/{id}/reply',
      'POST /api/Staff/held-messages/{heldMessageId}/release',
      'POST /api/Staff/held-messages/{heldMessageId}/reject',
      'POST /api/User/update-user-details',
      'POST /api/Account/resend-verification',
      'POST /api/User/upload-profile-photo',
      'POST /api/User/upload-cover-photo',
      'POST /api/Notifications/push-subscriptions',
      'DELETE /api/Notifications/push-subscriptions',
      'POST /api/Notifications/test',
      ...[HUBS.chat, HUBS.general, HUBS.support].flatMap((hub) => [
        `GET ${hub}`,
        `POST ${hub}`,
        `DELETE ${hub}`,
      ]),
      'POST /api/Staff/products/{productId}/hide',
      'POST /api/Staff/products/{productId}/unhide',
    ];
    expect(
      ends.filter((key) => !newcomers.succeeded.has(key)),
      newcomers.recent.join('\n'),
    ).toEqual([]);
    // The test push went through the queue to the push service, which decrypted it.
    await until(
      'the test push',
      () => pushService.received.some((push) => (push.payload as { type?: string }).type === 'test'),
      10_000,
    );
  });

  it('called every operation of the document, and Object.prototype is clean after the `__proto__` sent', () => {
    // About a hundred requests per operation at 10,000: a missed one means the sequences never reach it.
    if (BUDGET >= 5_000 && !community.failure)
      expect(ops.map((op) => op.key).filter((key) => !community.called.has(key))).toEqual([]);
    const probe = {} as Record<string, unknown>;
    expect([probe.role, probe.isAdmin, probe.x]).toEqual([undefined, undefined, undefined]);
  });
});
