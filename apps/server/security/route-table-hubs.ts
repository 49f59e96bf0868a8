import { HUBS } from '@rummage/contract';
import { bearer } from '../src/test/factories.js';
import type { RouteCase } from './route-kinds.js';
import type { World } from './world.js';

/** The owner negotiates a connection (and, for sends and DELETE, opens its long-polling transport). */
async function ownerConnection(w: World, hub: string, attach: boolean): Promise<string> {
  const negotiate = await w.app.inject({
    method: 'POST',
    url: `${hub}/negotiate?negotiateVersion=1`,
    headers: bearer(w.owner.token),
  });
  if (negotiate.statusCode !== 200) throw new Error(`negotiate answered ${negotiate.statusCode}`);
  const id = negotiate.json<{ connectionToken: string }>().connectionToken;
  if (attach) {
    const poll = await w.app.inject({
      method: 'GET',
      url: `${hub}?id=${id}`,
      headers: bearer(w.owner.token),
    });
    if (poll.statusCode !== 200) throw new Error(`first poll answered ${poll.statusCode}`);
  }
  return id;
}

const HANDSHAKE = '{"protocol":"json","version":1}\u001e';

/**
 * The SignalR HTTP endpoints (negotiate, long polling, sends, DELETE) are in the OpenAPI document too. A connection
 * belongs to whoever negotiated it: anyone else presenting its id is refused.
 */
function hubCases(hub: string): Record<string, RouteCase> {
  const cases: Record<string, RouteCase> = {
    [`POST ${hub}/negotiate`]: {
      access: 'signed-in',
      documented: false,
      prepare: () => ({ call: () => ({ method: 'POST', url: `${hub}/negotiate?negotiateVersion=1` }) }),
    },
    [`GET ${hub}`]: {
      access: 'hub-connection',
      async prepare(w) {
        const id = await ownerConnection(w, hub, false);
        return { call: () => ({ method: 'GET', url: `${hub}?id=${id}` }) };
      },
    },
    [`POST ${hub}`]: {
      access: 'hub-connection',
      async prepare(w) {
        const id = await ownerConnection(w, hub, true);
        return {
          call: () => ({
            method: 'POST',
            url: `${hub}?id=${id}`,
            payload: HANDSHAKE,
            headers: { 'content-type': 'text/plain;charset=UTF-8' },
          }),
        };
      },
    },
    [`DELETE ${hub}`]: {
      access: 'hub-connection',
      async prepare(w) {
        const id = await ownerConnection(w, hub, true);
        return { call: () => ({ method: 'DELETE', url: `${hub}?id=${id}` }) };
      },
    },
  };
  return cases;
}

export const HUB_CASES: Record<string, RouteCase> = Object.assign({}, ...Object.values(HUBS).map(hubCases));

/**
 * Methods a hub path only refuses (405). They are no operation a client calls, so the document leaves them out
 * (schema.hide); the matrix still calls them.
 */
function notAllowedCases(hub: string): Record<string, RouteCase> {
  const notAllowed = (method: string, url: string): RouteCase => ({
    access: 'not-allowed',
    prepare: () => ({ call: () => ({ method, url }) }),
  });
  const cases: Record<string, RouteCase> = {};
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    cases[`${method} ${hub}/negotiate`] = notAllowed(method, `${hub}/negotiate`);
  }
  for (const method of ['PUT', 'PATCH']) cases[`${method} ${hub}`] = notAllowed(method, hub);
  return cases;
}

export const HUB_NOT_ALLOWED_CASES: Record<string, RouteCase> = Object.assign(
  {},
  ...Object.values(HUBS).map(notAllowedCases),
);
