/**
 * The hub clients of the failover scenario (failover.ts), one shard of them per child process so that thousands of
 * sockets, and their CPU, stay out of the process that kills a server and reads the results.
 *
 * Each client behaves as the web app's chat page on /chathub does with `@microsoft/signalr`: negotiate, WebSocket
 * with the negotiated token, JSON handshake, JoinChat; when its connection drops it starts over after the web app's
 * delays (RECONNECT_DELAYS_MS: 0, 2, 10, 30 s), with the same route cookie a browser would keep. It is written
 * against the wire protocol with `ws` rather than with the official client because the official one costs a
 * 2-core machine too much at 10,000 connections; what it does on the wire is the same.
 *
 * Messages go out as SendMessage invocations from open connections, open loop at a fixed rate; a Completion
 * without an error is the acknowledgement. Every ReceiveMessage from the other side of a chat is a delivery,
 * timed from the send time the sender put in its clientMessageId (both ends read the same wall clock).
 *
 * Commands and answers are FailoverCommand / FailoverReply over the IPC channel.
 */
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { HUB_EVENTS, HUB_METHODS, HUBS, RECONNECT_DELAYS_MS } from '@rummage/contract';
import type { ClientPlan, FailoverCommand, FailoverReply, ShardReport } from './failover-wire.js';

const RS = '\u001e';
/** An attempt that has not joined its chat by then fails and waits for its next delay, as a stuck one would. */
const ATTEMPT_TIMEOUT_MS = 30_000;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Client {
  plan: ClientPlan;
  ws?: WebSocket;
  joined: boolean;
  /** invocationId → settles with the Completion's error, or undefined for success. */
  pending: Map<string, (error: string | undefined) => void>;
  firstUpstream: string;
  upstream: string;
  drops: number;
  droppedAt?: number;
  reconnectedAt?: number;
  attempts: number;
  /** The last successful attempt's steps (ms): negotiate, WebSocket open, handshake, JoinChat. */
  steps?: [number, number, number, number];
}

let origin = '';
let shard = 0;
const clients: Client[] = [];
let stopped = false;
let invocation = 0;
const failures: Record<string, number> = {};
const failed = (reason: string) => (failures[reason] = (failures[reason] ?? 0) + 1);

function negotiate(client: Client): Promise<{ token: string; upstream: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${HUBS.chat}/negotiate?negotiateVersion=1`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${client.plan.token}`,
          cookie: client.plan.cookie,
          origin,
          'content-length': 0,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (part: string) => (body += part));
        response.once('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`negotiate ${response.statusCode}`));
          const upstream = String(response.headers['x-rummage-upstream'] ?? '')
            .split(', ')
            .pop()!;
          resolve({ token: (JSON.parse(body) as { connectionToken: string }).connectionToken, upstream });
        });
      },
    );
    req.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`negotiate ${error.code ?? error}`)),
    );
    req.end();
  });
}

function onRecords(client: Client, data: Buffer, handshake: (error?: string) => void) {
  for (const text of data.toString('utf8').split(RS)) {
    if (!text) continue;
    const record = JSON.parse(text) as {
      type?: number;
      invocationId?: string;
      error?: string;
      target?: string;
      arguments?: Array<{ senderId?: number; clientMessageId?: string }>;
    };
    if (record.type === undefined) handshake(record.error);
    else if (record.type === 3 && record.invocationId) {
      client.pending.get(record.invocationId)?.(record.error);
      client.pending.delete(record.invocationId);
    } else if (record.type === 1 && record.target === HUB_EVENTS.receiveMessage) {
      const message = record.arguments?.[0];
      if (message?.senderId === client.plan.otherId && message.clientMessageId)
        delivered(message.clientMessageId);
    } else if (record.type === 7) client.ws?.terminate();
  }
}

function invoke(client: Client, target: string, args: unknown[]): Promise<string | undefined> {
  const invocationId = String(++invocation);
  return new Promise((resolve) => {
    client.pending.set(invocationId, resolve);
    client.ws!.send(`${JSON.stringify({ type: 1, invocationId, target, arguments: args })}${RS}`);
  });
}

/** One attempt: negotiate, WebSocket, handshake, JoinChat; throws with a short reason when any step fails. */
async function attempt(client: Client): Promise<void> {
  client.attempts++;
  const marks = [now()];
  const { token, upstream } = await negotiate(client);
  marks.push(now());
  const ws = new WebSocket(`${origin.replace('http', 'ws')}${HUBS.chat}?id=${encodeURIComponent(token)}`, {
    headers: { authorization: `Bearer ${client.plan.token}`, cookie: client.plan.cookie },
    origin,
    perMessageDeflate: false,
  });
  client.ws = ws;
  const timer = setTimeout(() => ws.terminate(), ATTEMPT_TIMEOUT_MS);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('unexpected-response', (req, response) => {
        req.destroy();
        reject(new Error(`upgrade ${response.statusCode}`));
      });
      ws.once('error', (error: NodeJS.ErrnoException) =>
        reject(new Error(`websocket ${error.code ?? error}`)),
      );
      ws.once('close', () => reject(new Error('closed before joining')));
      ws.once('open', () => {
        marks.push(now());
        ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`);
      });
      let handshaken = false;
      ws.on('message', (data: Buffer) =>
        onRecords(client, data, (error) => {
          if (handshaken) return;
          handshaken = true;
          if (error) return reject(new Error(`handshake: ${error}`));
          marks.push(now());
          const { otherId, productId } = client.plan;
          void invoke(client, HUB_METHODS.chat.joinChat, [otherId, productId]).then((joinError) =>
            joinError ? reject(new Error(`JoinChat: ${joinError}`)) : resolve(),
          );
        }),
      );
    });
  } finally {
    clearTimeout(timer);
  }
  ws.removeAllListeners('error').on('error', () => undefined);
  ws.removeAllListeners('close').once('close', () => void dropped(client));
  marks.push(now());
  client.steps = [1, 2, 3, 4].map((i) => marks[i]! - marks[i - 1]!) as Client['steps'];
  client.upstream = upstream;
  client.firstUpstream ||= upstream;
  client.joined = true;
}

async function dropped(client: Client) {
  client.joined = false;
  client.drops++;
  client.droppedAt = now();
  client.reconnectedAt = undefined;
  for (const settle of client.pending.values()) settle('connection lost');
  client.pending.clear();
  await connect(client, true);
}

/** Tries until joined, after the web app's delays when reconnecting (the last delay repeats). */
async function connect(client: Client, reconnecting: boolean) {
  for (let round = 0; !stopped; round++) {
    if (reconnecting) await sleep(RECONNECT_DELAYS_MS[Math.min(round, RECONNECT_DELAYS_MS.length - 1)]!);
    try {
      await attempt(client);
      if (reconnecting) client.reconnectedAt = now();
      return;
    } catch (error) {
      client.ws?.terminate();
      failed(error instanceof Error ? error.message : String(error));
      if (!reconnecting) reconnecting = true;
    }
  }
}

// What the load collected.
let sent = 0;
const acked: number[] = [];
const refused: Record<string, number> = {};
const deliveries = { sentAt: [] as number[], latency: [] as number[], messageId: [] as number[] };

function delivered(clientMessageId: string) {
  const [id, sentMicros] = clientMessageId.split('-').map(Number) as [number, number];
  const sentAt = sentMicros / 1000;
  deliveries.sentAt.push(sentAt);
  deliveries.latency.push(now() - sentAt);
  deliveries.messageId.push(id);
}

let loading = false;
const inFlight = new Set<Promise<void>>();

function sendOne() {
  const open = clients.filter((client) => client.joined && client.pending.size === 0);
  const client = open[Math.floor(Math.random() * open.length)];
  if (!client) return void (refused['no open connection'] = (refused['no open connection'] ?? 0) + 1);
  const id = shard * 10_000_000 + ++sent;
  const sentAt = now();
  const { otherId, productId } = client.plan;
  // Words only around the id: digits that read like a phone number would meet the scam check.
  const text = `Is it still available? ref ${id.toString(36)}`;
  const done = invoke(client, HUB_METHODS.chat.sendMessage, [
    otherId,
    text,
    productId,
    '',
    `${id}-${Math.round(sentAt * 1000)}`,
  ]).then((error) => {
    if (error === undefined) acked.push(id);
    else refused[error] = (refused[error] ?? 0) + 1;
  });
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
}

async function load(perSecond: number) {
  loading = true;
  const started = now();
  for (let n = 0; loading; n++) {
    const wait = started + (n * 1000) / perSecond - now();
    if (wait > 0) await sleep(wait);
    if (loading) sendOne();
  }
}

async function report(): Promise<ShardReport> {
  loading = false;
  // Answers still on their way count; what is still unanswered after 10 s is reported as such.
  const deadline = now() + 10_000;
  while (inFlight.size > 0 && now() < deadline) await sleep(50);
  await sleep(1_000);
  return {
    sent,
    acked,
    unanswered: inFlight.size,
    refused,
    failures,
    deliveries,
    clients: clients.map((client) => ({
      firstUpstream: client.firstUpstream,
      upstream: client.upstream,
      joined: client.joined,
      drops: client.drops,
      droppedAt: client.droppedAt ?? null,
      reconnectedAt: client.reconnectedAt ?? null,
      attempts: client.attempts,
      steps: client.steps ?? null,
    })),
  };
}

const reply = (message: FailoverReply) => process.send?.(message);

process.on('message', (command: FailoverCommand) => {
  const run = async () => {
    if (command.type === 'setup') {
      ({ origin, shard } = command);
      for (const plan of command.clients) {
        clients.push({
          plan,
          joined: false,
          pending: new Map(),
          firstUpstream: '',
          upstream: '',
          drops: 0,
          attempts: 0,
        });
      }
      let next = 0;
      const started = now();
      const worker = async () => {
        while (next < clients.length) await connect(clients[next++]!, false);
      };
      await Promise.all(Array.from({ length: command.concurrency }, worker));
      reply({ type: 'connected', ms: now() - started, joined: clients.filter((c) => c.joined).length });
    } else if (command.type === 'load') {
      void load(command.perSecond);
      reply({ type: 'loading' });
    } else if (command.type === 'report') {
      reply({ type: 'report', report: await report() });
    } else {
      stopped = true;
      for (const client of clients) client.ws?.terminate();
      await sleep(100);
      process.exit(0);
    }
  };
  run().catch((error: unknown) =>
    reply({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
});
process.on('disconnect', () => process.exit(0));
