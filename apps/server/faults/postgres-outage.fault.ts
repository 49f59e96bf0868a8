/**
 * PostgreSQL stopped (`pg_ctl stop -m immediate`, as in a crash) and started again under a write load on a real
 * server process: every acknowledged write survives, requests during the outage get a quick, readable 503 (no
 * hang, no 500), and the service answers 200 again within 10 s of PostgreSQL accepting connections.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import {
  call,
  createListing,
  noisePhoto,
  NO_CAPTCHA,
  sendMessage,
  signUp,
  type Person,
} from './harness/api.js';
import { createPostgres, type PostgresCluster } from './harness/postgres.js';
import { startServer, type ServerProcess } from './harness/server.js';

const WRITERS = 4;
const OUTAGE_MS = 4_000;
/** "Quickly": a request during the outage must be answered within this. */
const ANSWER_WITHIN_MS = 6_000;
const RECOVER_WITHIN_MS = 10_000;

interface Attempt {
  kind: 'write' | 'read';
  text?: string;
  startedAt: number;
  endedAt: number;
  status: number;
  message?: string;
}

/** The server's error log lines that are not the expected "database connection lost" (for failure messages). */
const serverErrors = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":50') && !line.includes('"msg":"database connection lost"'))
    .map((line) => {
      const entry = JSON.parse(line) as { err?: { message?: string; code?: string; stack?: string } };
      return `${entry.err?.code ?? ''} ${entry.err?.message?.slice(-200)} ${entry.err?.stack?.slice(-800)}`;
    })
    .join('\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PostgresCluster;
let databaseUrl: string;
let server: ServerProcess;
let buyer: Person;
let seller: Person;
let productId: number;

beforeAll(async () => {
  postgres = await createPostgres();
  databaseUrl = await postgres.createDatabase('rummage');
  server = await startServer({ env: { DATABASE_URL: databaseUrl, ...NO_CAPTCHA } });
  [buyer, seller] = await Promise.all([signUp(server.origin, 'buyer'), signUp(server.origin, 'seller')]);
  productId = await createListing(server.origin, seller, [await noisePhoto(64, 48)]);
  // Once the seller has answered, neither side's messages are rate limited (CHAT_LIMITS), so the load is free.
  expect((await sendMessage(server.origin, buyer, seller, productId, 'Is it still available?')).status).toBe(
    200,
  );
  expect((await sendMessage(server.origin, seller, buyer, productId, 'Yes it is.')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
});

describe('PostgreSQL stopped and started during a write load', () => {
  it('keeps every acknowledged write, answers 503 quickly during the outage and recovers within 10 s', async () => {
    const attempts: Attempt[] = [];
    let running = true;
    let counter = 0;

    const record = async (
      kind: Attempt['kind'],
      text: string | undefined,
      request: () => Promise<Response>,
    ) => {
      const startedAt = performance.now();
      let status = 0;
      let message: string | undefined;
      try {
        const response = await request();
        status = response.status;
        message = ((await response.json().catch(() => ({}))) as { message?: string }).message;
      } catch {
        status = -1; // no answer within the client's limit (a hang) or the connection dropped
      }
      attempts.push({ kind, text, startedAt, endedAt: performance.now(), status, message });
    };
    const writer = async (index: number) => {
      const [from, to] = index % 2 === 0 ? [buyer, seller] : [seller, buyer];
      while (running) {
        const text = `load ${index}-${counter++}`;
        await record('write', text, () =>
          fetch(`${server.origin}${API.message.send}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
            body: JSON.stringify({ productId, receiverId: to.id, message: text }),
            signal: AbortSignal.timeout(20_000),
          }),
        );
        await sleep(10);
      }
    };
    const reader = async () => {
      while (running) {
        await record('read', undefined, () =>
          fetch(`${server.origin}${API.marketplace.products}`, { signal: AbortSignal.timeout(20_000) }),
        );
        await sleep(10);
      }
    };
    const load = Promise.all([...Array.from({ length: WRITERS }, (_, i) => writer(i)), reader()]);

    await sleep(1_500);
    await postgres.stop({ mode: 'immediate' });
    const downAt = performance.now();
    await sleep(OUTAGE_MS);
    const restartAt = performance.now();
    await postgres.start();
    const backAt = performance.now();
    // Run on until the service answers again (or clearly does not), then a little longer.
    let recoveredAt: number | undefined;
    while (performance.now() - backAt < RECOVER_WITHIN_MS + 5_000) {
      recoveredAt = attempts.find((a) => a.startedAt >= backAt && a.status === 200)?.endedAt;
      if (recoveredAt !== undefined) break;
      await sleep(50);
    }
    await sleep(1_000);
    running = false;
    await load;

    const duringOutage = attempts.filter((a) => a.startedAt >= downAt && a.startedAt < restartAt);
    const slowest = Math.max(...duringOutage.map((a) => a.endedAt - a.startedAt));
    const recoveryMs = recoveredAt === undefined ? Infinity : recoveredAt - backAt;
    const statuses = [...new Set(attempts.map((a) => a.status))].sort();
    console.info(
      `[postgres-outage] ${attempts.length} requests; ${duringOutage.length} during the ${OUTAGE_MS} ms outage, ` +
        `slowest answer then ${slowest.toFixed(0)} ms; statuses seen ${statuses.join(', ')}; ` +
        `first 200 ${recoveryMs.toFixed(0)} ms after PostgreSQL accepted connections again`,
    );

    // The process survived losing its database (an unhandled pool error would have killed it).
    expect(server.exited(), server.output()).toBe(false);
    // Enough requests fell into the outage for the checks below to mean something.
    expect(duringOutage.length).toBeGreaterThan(20);
    // Each got the readable 503, quickly: no hang, no 500, no 401 that would sign people out.
    const unexpected = duringOutage.filter(
      (a) => a.status !== 503 || a.message !== messages.common.serviceUnavailable,
    );
    expect(unexpected.slice(0, 5)).toEqual([]);
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    // Requests already in flight when PostgreSQL went away get a 503 too, never a 500 or no answer.
    const odd = attempts.filter((a) => a.status !== 200 && a.status !== 503);
    expect(odd.slice(0, 5), `${JSON.stringify(odd.slice(0, 5))}\n${serverErrors()}`).toEqual([]);
    expect(recoveryMs).toBeLessThan(RECOVER_WITHIN_MS);

    // Every write the server acknowledged is stored.
    const acknowledged = attempts.filter((a) => a.kind === 'write' && a.status === 200).map((a) => a.text!);
    expect(acknowledged.length).toBeGreaterThan(20);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ body: string }>('select body from chat_messages');
      const stored = new Set(rows.map((row) => row.body));
      expect(acknowledged.filter((text) => !stored.has(text))).toEqual([]);
    } finally {
      await client.end();
    }
    // And the service is fully back: a fresh write and read succeed.
    expect((await sendMessage(server.origin, buyer, seller, productId, 'after the outage')).status).toBe(200);
    expect((await call(server.origin, 'GET', API.marketplace.products)).status).toBe(200);
  });
});
