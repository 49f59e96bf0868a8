/**
 * The 1 MB hub frames of abuse-hub.fault.ts, sent from a child process of its own at a lower priority than the
 * server it attacks: on the test's two cores, building and sending 40 MB a second took a quarter of a core from
 * the server's (the REST share read 0.45–0.49 in a CI round), which an attacker on another machine does not take.
 * `concurrency` connections at a time, `perSecond` in all, each of one kind in turn: a 1 MB record after the
 * handshake, a frame over the WebSocket cap, a 1 MB handshake. Stopped, it finishes the connections in flight and
 * answers what each saw.
 */
import { fileURLToPath } from 'node:url';
import { HUB_METHODS } from '@rummage/contract';
import { RawHubSocket } from '../../src/realtime/test/server.js';
import { runClientProcess, STARTED } from './client-process.js';
import { repeat } from './load.js';

export const FRAME_KINDS = ['record', 'frame', 'handshake'] as const;

export interface FrameOutcome {
  kind: (typeof FRAME_KINDS)[number];
  /** The WebSocket close code the server ended the connection with. */
  code: number;
  records: Array<Record<string, unknown>>;
}

export interface FrameAbuseResult {
  outcomes: FrameOutcome[];
  /** Abusive connections a second the attack really opened. */
  perSecond: number;
}

interface FrameAbuseOptions {
  url: string;
  token: string;
  concurrency: number;
  perSecond: number;
}

async function abuse(options: FrameAbuseOptions, kind: FrameOutcome['kind']): Promise<FrameOutcome> {
  const megabyte = 'x'.repeat(1_000_000);
  // An attacker's own CPU is not the server's: its megabytes go out with the zero mask, unmasked in JavaScript.
  const socket = new RawHubSocket(options.url, options.token, undefined, { zeroMask: true });
  await socket.opened;
  if (kind === 'handshake') {
    // A 1 MB handshake: over the 32 KB record limit before the connection even started.
    socket.sendText(`{"protocol":"json","version":1,"pad":"${megabyte}"}\x1e`);
  } else {
    await socket.handshake();
    if (kind === 'record') {
      // 1,000,000 bytes: inside the WebSocket frame cap (1 MiB), far over the hub's 32 KB record limit.
      socket.send({ type: 1, target: HUB_METHODS.general.join, arguments: [megabyte] });
    } else {
      // Over the frame cap itself: the WebSocket layer refuses it before any of it is buffered whole.
      socket.sendText(`${megabyte}${'y'.repeat(100_000)}\x1e`);
    }
  }
  const code = await Promise.race([
    socket.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`the server did not close a ${kind} abuser within 10 s`)), 10_000),
    ),
  ]);
  return { kind, code, records: socket.records };
}

/** Starts the attack in a child process; `stop()` ends it and answers what its connections saw. */
export function runFrameAbuse(options: FrameAbuseOptions): {
  started: Promise<void>;
  stop(): Promise<FrameAbuseResult>;
} {
  const { started, done, child } = runClientProcess<FrameAbuseResult>(
    import.meta.url,
    'FRAME_ABUSE',
    options,
    'the frame abuse',
  );
  return {
    started,
    stop() {
      child.kill('SIGTERM');
      return done;
    },
  };
}

if (process.env.FRAME_ABUSE && process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.env.FRAME_ABUSE) as FrameAbuseOptions;
  const outcomes: FrameOutcome[] = [];
  let sent = 0;
  const stopped = new Promise((resolve) => process.once('SIGTERM', resolve));
  const attack = repeat(
    async () => {
      outcomes.push(await abuse(options, FRAME_KINDS[sent++ % FRAME_KINDS.length]!));
    },
    options.concurrency,
    { perSecond: options.perSecond },
  );
  process.stdout.write(`${STARTED}\n`);
  await stopped;
  await attack.stop();
  process.stdout.write(`${JSON.stringify({ outcomes, perSecond: attack.perSecond() })}\n`);
}
