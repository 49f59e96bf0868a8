/**
 * The few API calls fault tests need to set the scene over real HTTP: people, a listing with photos, chat
 * messages. Start the server with CAPTCHA_PROVIDER=none (`NO_CAPTCHA`) so registration needs no solved challenge.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as SignalR from '@microsoft/signalr';
import sharp from 'sharp';
import {
  API,
  apiPath,
  HUB_EVENTS,
  HUB_METHODS,
  HUBS,
  type LoginResponse,
  type ProductDetail,
} from '@rummage/contract';
import { image, listingFields, multipart } from '../../src/test/products.js';

export const NO_CAPTCHA = { CAPTCHA_PROVIDER: 'none' } as const;

export interface Person {
  id: number;
  username: string;
  token: string;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  ms: number;
}

/** One JSON request; never throws for an HTTP status, only for a network failure or the timeout. */
export async function call<T = unknown>(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (an HTML error page from a proxy, say): keep the text for the failure message
  }
  return { status: response.status, body: body as T, ms: performance.now() - started };
}

async function expectOk<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers a new person and signs them in. */
export async function signUp(origin: string, prefix = 'fault'): Promise<Person> {
  const username = `${prefix}${randomBytes(4).toString('hex')}`;
  const password = 'Secret123!';
  await expectOk(
    call(origin, 'POST', API.account.register, {
      body: {
        userName: username,
        email: `${username}@example.test`,
        password,
        phoneNumber: '(312) 555-0142',
        latitude: 41.8781,
        longitude: -87.6298,
        address: 'Chicago, IL',
        acceptTerms: true,
      },
    }),
    'register',
  );
  const login = await expectOk<LoginResponse>(
    call(origin, 'POST', API.account.login, { body: { userName: username, password } }),
    'login',
  );
  return { id: login.data.id, username, token: login.data.authToken };
}

/** A photo of `width`×`height` pixels of noise (noise does not compress, so it costs real decoding work). */
export async function noisePhoto(width: number, height: number): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The multipart body of POST /api/Product/add with these photos. */
export function listingForm(photos: Buffer[], title = 'Oak bookshelf') {
  return multipart([
    ...listingFields({ Title: title }),
    ...photos.map((data, index) => image(data, `photo${index}.jpg`, 'image/jpeg')),
  ]);
}

/** Creates a listing through the API and answers its id. */
export async function createListing(origin: string, seller: Person, photos: Buffer[]): Promise<number> {
  const form = listingForm(photos);
  const response = await fetch(`${origin}${API.product.add}`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${seller.token}` },
    body: new Uint8Array(form.payload),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { data: ProductDetail };
  if (response.status !== 201)
    throw new Error(`Product/add answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** POST /api/Message/send. */
export function sendMessage(
  origin: string,
  from: Person,
  to: Person,
  productId: number,
  text: string,
  timeoutMs?: number,
) {
  return call(origin, 'POST', API.message.send, {
    token: from.token,
    body: { productId, receiverId: to.id, message: text },
    timeoutMs,
  });
}

/** The texts of a chat's history as `reader` sees it (GET /api/Message/history/...). */
export async function historyTexts(
  origin: string,
  reader: Person,
  other: Person,
  productId: number,
): Promise<string[]> {
  const path = apiPath(API.message.history, { productId, receiverId: other.id });
  const body = await expectOk<{ data: Array<{ message: string }> }>(
    call(origin, 'GET', `${path}?pageSize=200`, { token: reader.token }),
    'history',
  );
  return body.data.map((message) => message.message);
}

/**
 * The official client's CommonJS build: its ESM build, loaded under vitest, quietly loses WebSockets (see
 * src/realtime/test/server.ts).
 */
const signalR = createRequire(import.meta.url)('@microsoft/signalr') as typeof SignalR;

export interface ChatClient {
  connection: SignalR.HubConnection;
  /** Texts of every ReceiveMessage so far, with the time each arrived (performance.now()). */
  received: Array<{ text: string; at: number }>;
  /** MessageError pushes (refusals of this client's SendMessage). */
  refusals: string[];
  /** Resolves once a message with this text has arrived (or already had); rejects after `timeoutMs`. */
  waitFor(text: string, timeoutMs?: number): Promise<number>;
  /** SendMessage through the hub (the chat page's way of sending). */
  send(to: Person, productId: number, text: string): Promise<void>;
  /**
   * JoinChat, as the chat page does on opening: ReceiveMessage reaches only the connections in a chat's group.
   * A seller can join only a chat a buyer has already started.
   */
  join(other: Person, productId: number): Promise<void>;
  stop(): Promise<void>;
}

/** `person` on /chathub of one server process, over WebSockets, collecting ReceiveMessage pushes. */
export async function connectChat(origin: string, person: Person): Promise<ChatClient> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${origin}${HUBS.chat}`, {
      transport: signalR.HttpTransportType.WebSockets,
      accessTokenFactory: () => person.token,
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  const received: ChatClient['received'] = [];
  const refusals: string[] = [];
  const waiters = new Set<() => void>();
  connection.on(HUB_EVENTS.messageError, (text: string) => refusals.push(text));
  connection.on(HUB_EVENTS.receiveMessage, (message: { message: string }) => {
    received.push({ text: message.message, at: performance.now() });
    for (const wake of waiters) wake();
  });
  await connection.start();
  return {
    connection,
    received,
    refusals,
    waitFor(text, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find((message) => message.text === text);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found.at);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const why = refusals.length > 0 ? ` (refusals: ${refusals.join('; ')})` : '';
          reject(new Error(`${person.username} did not receive "${text}" within ${timeoutMs} ms${why}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async send(to, productId, text) {
      await connection.invoke(HUB_METHODS.chat.sendMessage, to.id, text, productId, new Date().toISOString());
    },
    async join(other, productId) {
      await connection.invoke(HUB_METHODS.chat.joinChat, other.id, productId);
    },
    stop: () => connection.stop(),
  };
}
