import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
/** A function may answer later (a promise), for a test of what the page does while a call is still out. */
type Handler =
  MockAnswer | ((request: { url: URL; body: unknown; headers: Headers }) => MockAnswer | Promise<MockAnswer>);

/** Fallback config: no captcha, so forms can be submitted in tests. */
export const TEST_CONFIG = {
  data: {
    productName: 'Rummage',
    supportEmail: 'help@rummage.test',
    captcha: { provider: 'none' },
    mapTileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
    mapAttribution: 'tiles',
  },
};

/**
 * Replaces fetch with a table of answers keyed "METHOD /path" (query ignored). Unknown calls answer 404,
 * and every call is recorded for assertions.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const table: Record<string, Handler> = {
    'GET /api/Config': { body: TEST_CONFIG },
    'GET /api/Category': { body: { data: [] } },
    ...handlers,
  };
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, body, headers });
    const handler = table[`${method} ${url.pathname}`];
    const answer: MockAnswer =
      typeof handler === 'function'
        ? await handler({ url, body, headers })
        : (handler ?? { status: 404, body: { message: 'Not found' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Puts a signed-in session in storage the way login does (docs/product.md §3 keys). */
export function storeSession(overrides: Partial<Record<string, string>> = {}) {
  const values = { authToken: 'token-123', userId: '7', username: 'maria', ...overrides };
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) localStorage.setItem(key, value);
}

export const ME_OK = {
  body: {
    data: {
      id: 7,
      username: 'maria',
      email: 'maria@example.com',
      imageUrl: null,
      coverPhotoUrl: null,
      role: 'user',
      address: 'Springfield, IL',
      latitude: 39.8,
      longitude: -89.6,
      emailVerified: true,
    },
  },
};
