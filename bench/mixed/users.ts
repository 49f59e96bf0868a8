/**
 * The simulated users of bench/mixed. Each one loops: pick an action by weight, send its request(s), wait its
 * think time (none by default: a closed loop, so the concurrency is exactly the number of users), repeat.
 *
 *   browse  70%  a feed page 25 miles around the user's metro: page 1, or (60% of the time, up to page 5) the
 *                next page of the same feed with the snapshot `before` the first page answered
 *   search  15%  page 1 of the same feed with a word of the listings' vocabulary
 *   open    10%  GET /api/Product/{id} of a card the user saw, then POST increment-views/{id}
 *   like     3%  POST like-unlike/{id} (a toggle) on a card the user saw
 *   message  2%  POST /api/Message/send to the seller of a card the user saw
 *
 * Every request carries the user's bearer token, as the signed-in web client's do. Against the floor
 * (bench/feed/floor.ts) the same users do the same, with the same think time, but the reads (feed pages, searches,
 * a listing) go to the floor; the writes (increment-views, like, message) go to the app in both modes.
 */
import http from 'node:http';
import { API, apiPath } from '@rummage/contract';
import { ADJECTIVES, METROS, NOUNS } from '../feed/database.js';
import type { Account } from './accounts.js';

export const ACTIONS = [
  ['browse', 70],
  ['search', 15],
  ['open', 10],
  ['like', 3],
  ['message', 2],
] as const;
export type Action = (typeof ACTIONS)[number][0];

/** What one label (an action's request, or the floor) collected while recording. */
export interface Samples {
  latencies: number[];
  ok: number;
  /** 429 answers (rate limits), counted apart from the errors. */
  limited: number;
  /** Other non-2xx answers. */
  failed: number;
  /** Socket errors and timeouts. */
  network: number;
  firstProblem?: string;
}

export class Recorder {
  active = false;
  readonly labels = new Map<string, Samples>();

  reset(): void {
    this.labels.clear();
  }

  record(label: string, ms: number, status: number, problem?: string): void {
    let samples = this.labels.get(label);
    if (!samples) {
      samples = { latencies: [], ok: 0, limited: 0, failed: 0, network: 0 };
      this.labels.set(label, samples);
    }
    samples.latencies.push(ms);
    if (status >= 200 && status < 300) samples.ok++;
    else if (status === 429) samples.limited++;
    else if (status === 0) samples.network++;
    else samples.failed++;
    if (problem && status !== 429) samples.firstProblem ??= problem;
  }
}

interface Card {
  id: number;
  sellerId: number;
}

interface VirtualUser {
  account: Account;
  metro: readonly [string, number, number, number];
  page: number;
  before?: string;
  seen: Card[];
}

export const RADIUS_KM = 25 * 1.60934;
const TIMEOUT_MS = 10_000;
const WORDS = [...ADJECTIVES, ...NOUNS];
const pickOne = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

function pickWeighted<T>(
  entries: ReadonlyArray<readonly [T, number]>,
  weightOf = (e: readonly [T, number]) => e[1],
): T {
  const total = entries.reduce((sum, entry) => sum + weightOf(entry), 0);
  let roll = Math.random() * total;
  for (const entry of entries) {
    roll -= weightOf(entry);
    if (roll < 0) return entry[0];
  }
  return entries[entries.length - 1]![0];
}

export interface LoadTarget {
  /** The app: every request of the app's mode, and the writes of both. */
  base: string;
  /** The floor: the reads of the floor's mode. */
  floorBase: string;
  products: { min: number; max: number };
  recorder: Recorder;
  thinkMs: number;
}

export function createUsers(accounts: Account[]): VirtualUser[] {
  const metroEntries = METROS.map((metro) => [metro, metro[3]] as const);
  return accounts.map((account) => ({ account, metro: pickWeighted(metroEntries), page: 0, seen: [] }));
}

/** One request; resolves with its status (0 for a network error) and body, never rejects. */
export function send(
  agent: http.Agent,
  url: string,
  options: { method?: string; token?: string; body?: unknown },
): Promise<{ status: number; text: string; ms: number; problem?: string }> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const request = http.request(url, { method: options.method ?? 'GET', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const status = response.statusCode ?? 0;
        const ms = performance.now() - started;
        resolve({ status, text, ms, problem: status >= 300 ? `${status} ${text.slice(0, 200)}` : undefined });
      });
      response.on('error', (error) =>
        resolve({ status: 0, text: '', ms: performance.now() - started, problem: error.message }),
      );
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`timeout after ${TIMEOUT_MS} ms`)));
    request.on('error', (error) =>
      resolve({ status: 0, text: '', ms: performance.now() - started, problem: error.message }),
    );
    request.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The requests the floor answers in its mode; the others are writes, which the app answers in both. */
export const READS = ['browse', 'search', 'open: product'];

async function act(
  target: LoadTarget,
  agent: http.Agent,
  user: VirtualUser,
  mode: 'app' | 'floor',
): Promise<void> {
  const { recorder } = target;
  const token = user.account.token;
  // A request counts when it starts inside the measured window, even if it ends after it.
  const call = async (label: string, path: string, options: { method?: string; body?: unknown } = {}) => {
    const counted = recorder.active;
    const base = mode === 'floor' && READS.includes(label) ? target.floorBase : target.base;
    const answer = await send(agent, `${base}${path}`, { ...options, token });
    if (counted) recorder.record(label, answer.ms, answer.status, answer.problem);
    return answer;
  };
  const feed = async (label: Action, page: number, search?: string) => {
    const [, latitude, longitude] = user.metro;
    const query = new URLSearchParams({ page: String(page), pageSize: '12' });
    query.set('latitude', String(latitude));
    query.set('longitude', String(longitude));
    query.set('radiusKm', String(RADIUS_KM));
    if (search) query.set('search', search);
    if (page > 1 && user.before) query.set('before', user.before);
    const answer = await call(label, `${API.marketplace.products}?${query}`);
    if (answer.status !== 200) return;
    const body = JSON.parse(answer.text) as { data: Card[]; before: string };
    // Only the plain feed is paged further; a search ends that paging session.
    user.page = label === 'browse' && body.data.length === 12 ? page : 0;
    user.before = body.before;
    if (body.data.length > 0) user.seen = body.data.map((card) => ({ id: card.id, sellerId: card.sellerId }));
  };
  const seenCard = (): Card | undefined => (user.seen.length > 0 ? pickOne(user.seen) : undefined);

  const action = pickWeighted(ACTIONS);
  if (action === 'browse') {
    const next = user.page > 0 && user.page < 5 && Math.random() < 0.6;
    await feed('browse', next ? user.page + 1 : 1);
  } else if (action === 'search') {
    await feed('search', 1, pickOne(WORDS));
  } else if (action === 'open') {
    const { min, max } = target.products;
    const id = seenCard()?.id ?? min + Math.floor(Math.random() * (max - min + 1));
    await call('open: product', apiPath(API.product.item, { id }));
    await call('open: views', apiPath(API.product.incrementViews, { id }), { method: 'POST' });
  } else {
    const card = seenCard();
    if (!card) return feed('browse', 1);
    if (action === 'like') {
      await call('like', apiPath(API.product.likeUnlike, { id: card.id }), { method: 'POST', body: {} });
    } else {
      const body = { productId: card.id, receiverId: card.sellerId, message: 'Hi! Is this still available?' };
      await call('message', API.message.send, { method: 'POST', body });
    }
  }
}

/** Runs every user in `mode` until `stop()` says so; resolves when all have finished their last iteration. */
export async function runUsers(
  target: LoadTarget,
  users: VirtualUser[],
  mode: 'app' | 'floor',
  stop: () => boolean,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: users.length });
  const think = () => (target.thinkMs > 0 ? sleep(-Math.log(1 - Math.random()) * target.thinkMs) : undefined);
  const loop = async (user: VirtualUser) => {
    // Spread the first requests over a moment, as people do not all click at once.
    await sleep(Math.random() * Math.min(1000, target.thinkMs || 200));
    while (!stop()) {
      await act(target, agent, user, mode);
      await think();
    }
  };
  await Promise.all(users.map(loop));
  agent.destroy();
}
