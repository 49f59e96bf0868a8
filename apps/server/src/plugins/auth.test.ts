import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, signIn } from '../test/factories.js';

/**
 * Every call the API documents as needing a session (`access.signedIn`) tells a visitor to log in before it says
 * anything about what they sent: a client learns the one thing it can fix first, on every route alike.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let signedInCalls: Array<{ method: Method; url: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  const doc = (await t.app.inject({ url: `${API.docs}/json` })).json<{
    paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
  }>();
  signedInCalls = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.security?.length === 1 && 'bearerAuth' in op.security[0]!)
      .map(([method, _op]) => ({
        method: method.toUpperCase() as Method,
        url: path.replace(/\{[A-Za-z]+\}/g, '1'),
      })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('calls that need a session', () => {
  it('answer a visitor 401 "log in" before reading a body that would not pass', async () => {
    expect(signedInCalls.length).toBeGreaterThan(30);
    const refusedOtherwise: string[] = [];
    for (const { method, url } of signedInCalls) {
      const reads = method !== 'GET' && method !== 'DELETE';
      const response = await t.app.inject({
        method,
        url: `${url}?page=abc`,
        ...(reads && { payload: { nonsense: ['not', 'what', 'this', 'call', 'reads'] } }),
      });
      const message = response.json<{ message?: string }>().message;
      if (response.statusCode !== 401 || message !== messages.common.loginRequired)
        refusedOtherwise.push(`${method} ${url}: ${response.statusCode} ${message}`);
    }
    expect(refusedOtherwise).toEqual([]);
  });

  it('still validate what a signed-in person sends', async () => {
    const me = await createUser(t.app);
    const token = await signIn(t.app, me);
    const response = await t.app.inject({
      method: 'POST',
      url: API.savedSearch.list,
      headers: bearer(token),
      payload: { radiusKm: 'far' },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
