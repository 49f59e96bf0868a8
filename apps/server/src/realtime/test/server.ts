import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import WebSocket from 'ws';
import type * as SignalRTypes from '@microsoft/signalr';
import { createMemoryBackplane } from '../backplane/memory.js';
import { createRealtimeServer, realtimePlugin, type HubTiming, type RealtimeServer } from '../index.js';
import { RECORD_SEPARATOR } from '../protocol/framing.js';
import { authenticateTestToken, createTestHubs, TEST_USERS, type HubEvents } from './hubs.js';

/**
 * The official client's CommonJS build. Imported as ESM under vitest it would lose WebSockets and SSE without a
 * word (docs/realtime.md#tests): only the CJS build loads `ws` and `eventsource` through require.
 */
export const signalR = createRequire(import.meta.url)('@microsoft/signalr') as typeof SignalRTypes;
export type HubConnection = SignalRTypes.HubConnection;

export const TRANSPORTS = [
  ['WebSockets', 1],
  ['ServerSentEvents', 2],
  ['LongPolling', 4],
] as const;
export type TransportName = (typeof TRANSPORTS)[number][0];

export interface HubServer {
  app: FastifyInstance;
  /** The hubs' connections, for checks and for ending them as the app would. */
  realtime: RealtimeServer;
  /** http://127.0.0.1:<port> */
  origin: string;
  events: HubEvents;
  close(): Promise<void>;
}

/** A small Fastify app with only the hubs, listening on a random local port. */
export async function startHubServer(
  options: {
    timing?: Partial<HubTiming>;
    logger?: FastifyServerOptions['logger'];
    allowedOrigins?: string[];
  } = {},
): Promise<HubServer> {
  const app = Fastify({ logger: options.logger ?? false });
  const { hubs, events } = createTestHubs();
  const realtime = createRealtimeServer({
    hubs,
    backplane: createMemoryBackplane(),
    log: app.log,
    timing: options.timing,
  });
  await app.register(realtimePlugin, {
    server: realtime,
    authenticate: authenticateTestToken,
    allowedOrigins: options.allowedOrigins,
  });
  // Clients' keep-alive agents may open a socket and then abort before sending anything (the official client
  // stopping mid-poll). Node only drops such a socket after headersTimeout, which would hold close() for a minute.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  app.server.on('upgrade', (request: IncomingMessage) => unused.delete(request.socket));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    realtime,
    origin: `http://127.0.0.1:${port}`,
    events,
    close: async () => {
      const closing = app.close();
      for (const socket of unused) socket.destroy();
      await closing;
    },
  };
}

export interface ClientOptions {
  path?: string;
  transport: TransportName;
  token?: string;
  skipNegotiation?: boolean;
  configure?: (builder: SignalRTypes.HubConnectionBuilder) => SignalRTypes.HubConnectionBuilder;
}

/** An official client limited to one transport, so a test runs on the transport it names. */
export function hubClient(server: HubServer, options: ClientOptions): HubConnection {
  const token = options.token ?? TEST_USERS.alice.token;
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(`${server.origin}${options.path ?? '/hubs/test'}`, {
      transport: signalR.HttpTransportType[options.transport],
      accessTokenFactory: async () => token,
      skipNegotiation: options.skipNegotiation,
    })
    .configureLogging(signalR.LogLevel.None);
  if (options.configure) builder = options.configure(builder);
  return builder.build();
}

/** The transport the server attached for this client's connection. */
export function serverTransport(
  server: HubServer,
  connectionId: string | null,
  hub = 'test',
): string | undefined {
  return server.realtime.connections(hub).find((info) => info.connectionId === connectionId)?.transport;
}

export function nextClose(connection: HubConnection): Promise<Error | undefined> {
  return new Promise((resolve) => connection.onclose(resolve));
}

/** Resolves with the first argument of the next `event` push. */
export function nextPush(connection: HubConnection, event: string): Promise<unknown> {
  return new Promise((resolve) => {
    const handler = (value: unknown) => {
      connection.off(event, handler);
      resolve(value);
    };
    connection.on(event, handler);
  });
}

export async function negotiate(
  server: Pick<HubServer, 'origin'>,
  path = '/hubs/test',
  token: string = TEST_USERS.alice.token,
): Promise<{ connectionId: string; connectionToken: string }> {
  const response = await fetch(`${server.origin}${path}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`negotiate answered ${response.status}`);
  return (await response.json()) as { connectionId: string; connectionToken: string };
}

/** A WebSocket speaking the protocol by hand, collecting every record the server sends. */
export class RawHubSocket {
  readonly records: Array<Record<string, unknown>> = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  private waiters: Array<() => void> = [];
  private isClosed = false;

  /**
   * `zeroMask`: frames go out with the all-zero masking key, which `ws` sends without masking them in JavaScript. The
   * server unmasks them all the same; a load test's client then does not take the server's CPU for its masking.
   */
  constructor(url: string, token: string | undefined, origin?: string, options: { zeroMask?: boolean } = {}) {
    this.ws = new WebSocket(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      origin,
      ...(options.zeroMask && { generateMask: (mask: Buffer) => void mask.fill(0) }),
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (request, response) => {
        request.destroy();
        reject(new Error(`upgrade answered ${response.statusCode}`));
      });
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code) => {
        this.isClosed = true;
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the server sent a binary frame');
      const text = (data as Buffer).toString('utf8');
      if (!text.endsWith(RECORD_SEPARATOR)) throw new Error('the server sent a partial record');
      for (const record of text.split(RECORD_SEPARATOR).slice(0, -1)) {
        this.records.push(JSON.parse(record) as Record<string, unknown>);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(
    server: Pick<HubServer, 'origin'>,
    options: { path?: string; token?: string; id?: string | null; origin?: string } = {},
  ) {
    const path = options.path ?? '/hubs/test';
    const token = options.token ?? TEST_USERS.alice.token;
    const id = options.id === undefined ? (await negotiate(server, path, token)).connectionToken : options.id;
    const url = `${server.origin.replace('http', 'ws')}${path}${id === null ? '' : `?id=${id}`}`;
    const socket = new RawHubSocket(url, token, options.origin);
    await socket.opened;
    return socket;
  }

  /** Sends one frame made of the given records, each terminated by the record separator. */
  send(...records: unknown[]): void {
    this.ws.send(records.map((record) => JSON.stringify(record) + RECORD_SEPARATOR).join(''));
  }

  sendText(text: string): void {
    this.ws.send(text);
  }

  async handshake(): Promise<void> {
    this.send({ protocol: 'json', version: 1 });
    await this.until((record) => Object.keys(record).length === 0);
  }

  /** Waits for a record matching `match` (already received or still to come). */
  async until(match: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.records.find(match);
      if (found) return found;
      if (this.isClosed) throw new Error('the socket closed before the awaited record arrived');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** The whole Rummage app (src/test/app.ts) listening on a random port, for clients that need a real socket. */
export interface ListeningApp {
  app: FastifyInstance;
  origin: string;
}

export async function listenOn(app: FastifyInstance): Promise<ListeningApp> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
