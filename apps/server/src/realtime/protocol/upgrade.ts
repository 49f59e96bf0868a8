import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { ConnectionAdmission } from './admission.js';
import {
  credentialOf,
  findConnection,
  hubToken,
  lookupTexts,
  type HubAuthenticate,
  type HubWording,
} from './auth.js';
import type { ServerConnection } from './connection.js';
import type { FrameGathering } from './gather.js';
import type { HubEndpoint } from './hub-endpoint.js';
import { attachWebSocket } from './transports/websocket.js';

/** Same cap as a POST body; each record inside still has to fit maxMessageBytes. */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface UpgradeOptions {
  endpoints: HubEndpoint[];
  authenticate: HubAuthenticate;
  wording?: HubWording;
  /** Lets a connection being created here in on its turn (admission.ts). */
  admission: ConnectionAdmission;
  /** Holds each socket's frames while a burst of invocations goes on (gather.ts). */
  gathering: FrameGathering;
  /** Browser origins allowed to open hub WebSockets besides the page's own; unset allows every origin. */
  allowedOrigins?: readonly string[];
  /** Seconds a client should wait while the process sheds load (plugins/pressure.ts); undefined admits it. */
  shedding?: () => number | undefined;
  log: FastifyBaseLogger;
}

/** Answers a refused upgrade with a plain HTTP status, which the client reports and falls back from. */
function refuse(socket: Duplex, status: number, retryAfterSeconds?: number): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Destroyed once flushed: a half-closed socket would hold the server's close() for as long as the client likes.
  socket.once('finish', () => socket.destroy());
  const retryAfter = retryAfterSeconds === undefined ? '' : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${retryAfter}Connection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function originAllowed(request: IncomingMessage, allowed: readonly string[] | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin || !allowed) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * WebSocket transport entry: the HTTP server's 'upgrade' event, authenticated like every other hub request
 * before the handshake (a refusal is a plain 401/404/400/409 response). Without `id` the client skipped
 * negotiation, and the connection is created here.
 */
export function listenForUpgrades(server: Server, options: UpgradeOptions): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const byPath = new Map(options.endpoints.map((endpoint) => [trimSlash(endpoint.path), endpoint]));

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    const endpoint = byPath.get(trimSlash(url.pathname));
    if (!endpoint) {
      // Leave other paths to other upgrade listeners; with none, nobody would ever answer the socket.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404);
      return;
    }
    socket.on('error', () => undefined);
    // Only a connection being created here (skipNegotiation) is shed: one with an id was admitted by its
    // negotiate, which is shed like any route, and refusing its transport now would only waste that work.
    const retryAfter = url.searchParams.has('id') ? undefined : options.shedding?.();
    if (retryAfter !== undefined) return refuse(socket, 503, retryAfter);
    if (!originAllowed(request, options.allowedOrigins)) return refuse(socket, 403);
    accept(endpoint, request, url, socket, head).catch((error: unknown) => {
      options.log.error({ err: error, hub: endpoint.definition.name }, 'hub upgrade failed');
      refuse(socket, 500);
    });
  };

  async function accept(
    endpoint: HubEndpoint,
    request: IncomingMessage,
    url: URL,
    socket: Duplex,
    head: Buffer,
  ): Promise<void> {
    const token = hubToken(request.headers.authorization, url.searchParams.get('access_token') ?? undefined);
    const id = url.searchParams.get('id');
    let connection: ServerConnection;
    if (id === null) {
      await options.admission.admit();
      if (socket.destroyed) return; // the client left while it waited
      const session = await options.authenticate(token);
      if (!session) return refuse(socket, 401);
      connection = endpoint.create(
        session,
        1,
        false,
        undefined,
        options.wording?.(request.headers, session.user),
      );
    } else {
      // The WebSocket that follows its negotiate, with the same token: that negotiate read the session moments ago
      // (within the 15 s a negotiated connection waits), and an ended session ends negotiated connections too
      // (lifetime.ts, addNegotiated), so a second read here would only cost the process, in a reconnect storm most.
      const negotiated = endpoint.find(id);
      if (token !== undefined && negotiated?.negotiatedWith(credentialOf(token))) connection = negotiated;
      else {
        const found = await findConnection(endpoint, options.authenticate, token, id, '');
        if (!found.ok) return refuse(socket, found.status);
        connection = found.connection;
      }
    }
    const problem = transportProblem(connection);
    if (problem) return refuse(socket, problem);
    wss.handleUpgrade(request, socket, head, (ws) => {
      // Checked again: another upgrade for the same id may have won while this one authenticated.
      if (transportProblem(connection)) {
        ws.close(1008, lookupTexts.changeTransport);
        return;
      }
      attachWebSocket(connection, ws, options.gathering);
    });
  }

  server.on('upgrade', onUpgrade);
  return {
    close() {
      server.off('upgrade', onUpgrade);
      wss.close();
    },
  };
}

function transportProblem(connection: ServerConnection): 400 | 404 | 409 | undefined {
  if (connection.isClosed) return 404;
  // Stateful reconnect: the same client comes back on a new WebSocket, even before the old one is seen to drop.
  if (connection.canResume) return undefined;
  const kind = connection.transport?.kind;
  if (kind === 'WebSockets') return 409;
  if (kind) return 400;
  return undefined;
}
