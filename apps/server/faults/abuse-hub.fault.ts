/**
 * Abusive hub clients against a real server process: 1 MB frames and a storm of 10,000 reconnecting WebSocket
 * clients. The abusive connection is closed while the others keep working, normal REST clients keep at least half
 * their throughput, memory stays bounded, and once the storm has passed its connections are gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HUB_EVENTS, HUB_METHODS, HUBS } from '@rummage/contract';
import { errorTexts } from '../src/realtime/protocol/framing.js';
import { RawHubSocket } from '../src/realtime/test/server.js';
import { NO_CAPTCHA, signUp, type Person } from './harness/api.js';
import { FRAME_KINDS, runFrameAbuse, type FrameOutcome } from './harness/frame-abuse.js';
import { runHubStorm, type RunningStorm } from './harness/hub-storm.js';
import { mb, measureThroughput, socketCount, throughputUnder, type AbuseRun } from './harness/load.js';
import { startServer, type ServerProcess } from './harness/server.js';

const MIN_RATIO = 0.5;
/**
 * Abusive connections a second, each with a 1 MB frame (40 MB/s). Back to back, two connections opened about 50 a
 * second against the server on PGlite since its reads got faster, more the faster it answered, and the
 * client's masking of each megabyte took two-thirds of a core from the server's two: the REST share fell to 0.51.
 * A fixed rate makes the attack the same whatever the server's speed (as in abuse-http). The abuser still masked in
 * JavaScript, two-thirds of a core on an Intel machine, where the share read 0.36–0.41 before and after a change
 * that did not touch the server: it now sends the zero mask, which `ws` does not apply (the server unmasks anyway).
 * Three connections at a time, not two: on a slower Intel machine each lived about 65 ms, so two at a time reached
 * only 31 a second (under the 32 the check below asks for, in two runs alike); three reach 36, REST's share 0.57.
 * Four, not three: on a slow day in CI three at a time reached 31.3 a second once, each living longer on a busy
 * machine. The rate stays the pace's (40 a second, the same load on the server); more at a time only leaves the
 * pace, not the connections' lifetimes, to set it.
 * The attack runs in a child process at a lower priority (harness/frame-abuse.ts): from this process it took a
 * quarter of a core from the server's two and the share read 0.45–0.49 in a CI round; from the child, 0.83.
 */
const FRAMES_PER_SECOND = 40;
const FRAME_CONCURRENCY = 4;
/** As in abuse-http: far above what the server legitimately holds, far below what buffering the abuse would cost. */
const RSS_HEADROOM_BYTES = 200 * 1024 * 1024;
/**
 * The storm's bound, from measurements (2026-11-26, built server on PGlite, 2 cores at load 5–11): RSS grew 85–123 MB
 * during a storm alone and 198–210 MB (225 MB in CI) with this test's REST load beside it, and stayed there: an idle
 * server kept it for 40 s. Yet one forced full GC (through the inspector) brought it back to within 1–3 MB of the
 * start after each of three storms of 10,000 (heap within 1.2 MB after all 30,000), while a connection held open
 * costs 3.3–5.3 KiB RSS and 3.7–4.4 KiB heap. So the growth is the storm's garbage not yet collected, not kept
 * connections, and its size follows the load on the machine. The bound is the worst seen plus 40%; connections
 * left behind show in the socket count below, and keeping 32 KiB or more per connection still would not fit.
 */
const STORM_RSS_HEADROOM_BYTES = 320 * 1024 * 1024;
const STORM_TOTAL = 10_000;
/** Connections open at once during the storm (each drops and reconnects until the total is reached). */
const STORM_CONCURRENCY = 250;
/**
 * New connections a second: the 10,000 come back over half a minute, as clients with jittered reconnect delays do
 * after a restart (SignalR's default delays reach 30 s). Reconnecting as soon as they could, they came at 886 a
 * second from the server on PGlite once its reads got faster, and the REST share read 0.38 in a CI
 * round; paced at 500 a second it read 0.50–0.59, at 300 0.62–0.64. A fixed rate makes the storm the same whatever
 * the server's speed, as the other abusers here. Each connection costs the server about 1 ms (docs/benchmarks.md).
 */
const STORM_PER_SECOND = 300;
/** As the SPA does on connecting, every fifth also invokes Join (a database read); all of them authenticate. */
const STORM_JOIN_EVERY = 5;
/** Each of the harness's three rounds runs a storm of its own, about half a minute each on a 2-core machine. */
const STORM_TEST_TIMEOUT_MS = 240_000;
/** The server's own sockets besides the clients' (listener, database, a few lingering keep-alives). */
const SOCKET_SLACK = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ServerProcess;
let person: Person;
let hubUrl: string;
let feedUrl: string;

beforeAll(async () => {
  server = await startServer({ env: NO_CAPTCHA });
  person = await signUp(server.origin, 'hubabuse');
  hubUrl = `${server.origin.replace('http', 'ws')}${HUBS.general}`;
  feedUrl = `${server.origin}${API.marketplace.products}`;
  await measureThroughput(feedUrl, { durationMs: 1_000 }); // warm-up
});

afterAll(async () => {
  await server?.stop();
});

const sideBySide = (label: string, abuse: () => AbuseRun | Promise<AbuseRun>) =>
  throughputUnder({ server, url: feedUrl, label: `abuse-hub: ${label}`, minRatio: MIN_RATIO }, abuse);

/** A handshaken general-hub connection of `person`. */
async function connect(): Promise<RawHubSocket> {
  const socket = new RawHubSocket(hubUrl, person.token);
  await socket.opened;
  await socket.handshake();
  return socket;
}

/** Join answers the caller's badge numbers: proof that a connection is served end to end. */
async function expectServed(socket: RawHubSocket, invocationId: string): Promise<void> {
  socket.send({ type: 1, invocationId, target: HUB_METHODS.general.join, arguments: [false] });
  const completion = await socket.until((r) => r.type === 3 && r.invocationId === invocationId);
  expect(completion.error).toBeUndefined();
  await socket.until((r) => r.type === 1 && r.target === HUB_EVENTS.unreadMessagesCount);
}

describe('1 MB hub frames', () => {
  it('close the connection that sent them; other connections and REST keep working', async () => {
    const bystander = await connect();
    const outcomes: FrameOutcome[] = [];
    let sentPerSecond = 0;
    const phase = await sideBySide(
      `1 MB frames, ${FRAME_CONCURRENCY} connections at a time, ${FRAMES_PER_SECOND} a second`,
      async () => {
        const attack = runFrameAbuse({
          url: hubUrl,
          token: person.token,
          concurrency: FRAME_CONCURRENCY,
          perSecond: FRAMES_PER_SECOND,
        });
        await attack.started;
        return {
          stop: async () => {
            const result = await attack.stop();
            outcomes.push(...result.outcomes);
            sentPerSecond = result.perSecond;
          },
        };
      },
    );

    console.info(
      `[abuse-hub] 1 MB frames: ${outcomes.length} abusive connections, close codes ` +
        JSON.stringify([...new Set(outcomes.map((o) => `${o.kind} ${o.code}`))]) +
        `; the last round's attack opened ${sentPerSecond.toFixed(0)} a second`,
    );
    // The attack really ran at its rate: a server that kept its share by answering slowly fails here.
    expect(sentPerSecond).toBeGreaterThan(FRAMES_PER_SECOND * 0.8);
    for (const kind of FRAME_KINDS) expect(outcomes.filter((o) => o.kind === kind).length).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      if (outcome.kind === 'record') {
        // A handshaken client is told why, in the SignalR Close record it reports.
        expect(outcome.records.at(-1)).toEqual({ type: 7, error: errorTexts.connectionClosedWithError });
      } else if (outcome.kind === 'handshake') {
        // The handshake answer carries the refusal (the client reports it and does not retry on its own).
        expect(outcome.records.at(-1)).toEqual({ error: errorTexts.handshakeCanceled });
      } else {
        expect(outcome.code).toBe(1009); // "message too big"
      }
    }
    // The connection that behaved was never disturbed.
    await expectServed(bystander, 'after-abuse');
    bystander.close();
    expect(phase.during.failures).toEqual({});
    expect(phase.ratio).toBeGreaterThanOrEqual(MIN_RATIO);
    expect(phase.rssGrowthBytes).toBeLessThan(RSS_HEADROOM_BYTES);
  });
});

describe(`${STORM_TOTAL} reconnecting hub clients`, () => {
  it(
    'are all served while REST keeps its throughput, and leave no connection behind',
    async () => {
      await sleep(500); // let sockets of the previous test finish closing
      const socketsBefore = socketCount(server);
      const rssBefore = server.rssBytes();
      let storm: RunningStorm | undefined;

      // Each round runs a storm of its own; measuring starts once its clients are connecting.
      const phase = await sideBySide(
        `${STORM_TOTAL} hub reconnects, ${STORM_CONCURRENCY} at a time, ${STORM_PER_SECOND} a second`,
        async () => {
          storm = runHubStorm({
            url: hubUrl,
            token: person.token,
            total: STORM_TOTAL,
            concurrency: STORM_CONCURRENCY,
            joinEvery: STORM_JOIN_EVERY,
            perSecond: STORM_PER_SECOND,
          });
          await storm.started;
          return { stop: () => storm!.done };
        },
      );
      const result = await storm!.done;
      console.info(
        `[abuse-hub] storm: ${result.completed}/${result.attempts} connections served in ` +
          `${(result.durationMs / 1000).toFixed(1)} s (${((result.completed * 1000) / result.durationMs).toFixed(0)}/s, ` +
          `p99 connect ${result.p99ConnectMs.toFixed(0)} ms); ${result.shed} upgrades shed with 503 and retried; ` +
          `errors ${JSON.stringify(result.errors)}`,
      );
      expect(result.failed).toBe(0);
      expect(result.completed).toBe(STORM_TOTAL);
      // The storm really came at its rate: a server that kept its share by serving it slowly fails here.
      expect((result.completed * 1000) / result.durationMs).toBeGreaterThan(STORM_PER_SECOND * 0.8);

      // Every connection of the storm is gone once it has passed: the server's socket count returns to where it was.
      const deadline = Date.now() + 10_000;
      while (socketCount(server) > socketsBefore + SOCKET_SLACK && Date.now() < deadline) await sleep(200);
      const socketsAfter = socketCount(server);
      const rssAfter = server.rssBytes();
      console.info(
        `[abuse-hub] after the storm: ${socketsAfter} server sockets (${socketsBefore} before); ` +
          `RSS ${mb(rssAfter)} MB (${mb(rssBefore)} MB before)`,
      );
      expect(socketsAfter).toBeLessThanOrEqual(socketsBefore + SOCKET_SLACK);
      expect(rssAfter - rssBefore).toBeLessThan(STORM_RSS_HEADROOM_BYTES);
      // REST may be shed (503) while the storm lags the event loop; what it still serves must stay above the ratio.
      const { 503: shed = 0, ...otherFailures } = phase.during.failures;
      console.info(`[abuse-hub] REST requests shed with 503 during the storm: ${shed}`);
      expect(otherFailures).toEqual({});
      expect(phase.ratio).toBeGreaterThanOrEqual(MIN_RATIO);
      expect(phase.rssGrowthBytes).toBeLessThan(STORM_RSS_HEADROOM_BYTES);
      // And the hub still serves a newcomer.
      const late = await connect();
      await expectServed(late, 'after-storm');
      late.close();
    },
    STORM_TEST_TIMEOUT_MS,
  );
});
