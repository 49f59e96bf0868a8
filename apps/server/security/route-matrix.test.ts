import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { operations, responseProblem, type Operation } from './openapi.js';
import { responseHeadersProblem } from './response-headers.js';
import { ROUTE_CASES, UNDOCUMENTED_CASES, type Access, type Prepared } from './route-table.js';
import { buildWorld, isReadableMessage, type Caller, type World } from './world.js';

/**
 * The route matrix: every operation of the OpenAPI document, called as a visitor, as another user, as
 * the owner of what it names, and as staff (and admin), must answer what its access rule says. A refused write
 * leaves the data as it was; nobody but the owner's side reads the owner's chat, ticket or e-mail.
 */

let w: World;
let ops: Map<string, Operation>;

beforeAll(async () => {
  w = await buildWorld();
  ops = new Map(operations(w.app).map((op) => [op.key, op]));
});
afterAll(async () => {
  await w?.t.close();
});

type Want = 'ok' | number[];

/** Callers in order: refusals first, the caller who must succeed last (its write may delete the resource). */
function plan(access: Access, prepared: Prepared): Array<[Caller, Want]> {
  const refusedToOthers: number[] = [403, 404];
  const staff: Want = prepared.staffAllowed ? 'ok' : refusedToOthers;
  switch (access) {
    case 'public':
      return [
        ['visitor', 'ok'],
        ['other', 'ok'],
        ['staff', 'ok'],
        ['owner', 'ok'],
      ];
    case 'signed-in':
      return [
        ['visitor', [401]],
        ['other', 'ok'],
        ['staff', 'ok'],
        ['owner', 'ok'],
      ];
    case 'owner':
      return [
        ['visitor', [401]],
        ['other', refusedToOthers],
        ['staff', staff],
        ['owner', 'ok'],
      ];
    case 'participant':
      return [
        ['visitor', [401]],
        ['other', [200, ...refusedToOthers]],
        ['staff', [200, ...refusedToOthers]],
        ['owner', 'ok'],
      ];
    case 'staff':
      return [
        ['visitor', [401]],
        ['other', [403]],
        ['owner', [403]],
        ['staff', 'ok'],
      ];
    case 'admin':
      return [
        ['visitor', [401]],
        ['other', [403]],
        ['owner', [403]],
        ['staff', [403]],
        ['admin', 'ok'],
      ];
    case 'hub-connection':
      // A SignalR connection id presented by someone else reads as "not signed in" (ASP.NET does the same).
      return [
        ['visitor', [401]],
        ['other', [401, 403, 404]],
        ['staff', [401, 403, 404]],
        ['owner', 'ok'],
      ];
    case 'not-allowed':
      return [
        ['visitor', [405]],
        ['other', [405]],
        ['owner', [405]],
      ];
  }
}

/**
 * Texts a caller must never receive: a password hash to anyone; the owner's chat to anyone but its participants;
 * the owner's ticket and e-mail to anyone but the owner and staff.
 */
function secretsFor(caller: Caller): string[] {
  if (caller === 'owner') return ['$argon2'];
  if (caller === 'staff' || caller === 'admin') return ['$argon2', w.secrets.chat];
  return ['$argon2', w.secrets.chat, w.secrets.ticket, w.secrets.email];
}

describe('the OpenAPI document', () => {
  it('has every operation classified in the route matrix, and no stale entries', () => {
    const unclassified = [...ops.keys()].filter((key) => !(key in ROUTE_CASES));
    const stale = Object.keys(ROUTE_CASES).filter((key) => !ops.has(key));
    expect(unclassified, 'classify this route in security/route-table*.ts').toEqual([]);
    expect(stale, 'these matrix entries name no documented operation').toEqual([]);
    expect(ops.size).toBeGreaterThanOrEqual(70);
  });

  it('leaves out the routes that only answer 405', () => {
    expect(Object.keys(UNDOCUMENTED_CASES).filter((key) => ops.has(key))).toEqual([]);
  });

  it('says which operations need a session, as the matrix finds them (clients are generated from it)', () => {
    const wrong = Object.entries(ROUTE_CASES)
      .filter(([key]) => ops.has(key))
      .map(([key, routeCase]) => {
        const declared = ops.get(key)!.security;
        const needed =
          routeCase.access === 'public'
            ? ['none', 'optional']
            : routeCase.visitorsAnswered
              ? ['optional']
              : ['required'];
        return needed.includes(declared) ? null : `${key}: ${routeCase.access} but security says ${declared}`;
      })
      .filter(Boolean);
    expect(wrong, 'set `security: access.…` (plugins/openapi.ts) on these routes').toEqual([]);
  });
});

describe('the route matrix', () => {
  for (const [key, routeCase] of Object.entries({ ...ROUTE_CASES, ...UNDOCUMENTED_CASES })) {
    it(`${key} (${routeCase.access})`, async () => {
      const op = ops.get(key);
      if (!op && !(key in UNDOCUMENTED_CASES)) return; // reported by the classification test above
      const prepared = await routeCase.prepare(w);
      const guarded = ['owner', 'participant', 'staff', 'admin'].includes(routeCase.access);
      if (guarded && !key.startsWith('GET ')) {
        expect(prepared.state, 'name the data a refused write must leave unchanged').toBeDefined();
      }
      const callers = plan(routeCase.access, prepared);
      for (const [caller, defaultWant] of callers) {
        const want = prepared.expect?.[caller] ?? defaultWant;
        const before = prepared.state ? JSON.stringify(await prepared.state()) : undefined;
        const call = await prepared.call(caller);
        const response = await w.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: { ...w.headersOf(caller), ...call.headers },
          ...(call.payload !== undefined && { payload: call.payload }),
        });
        const label = `${caller} ${call.method} ${call.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        const refused = response.statusCode >= 400;

        if (want === 'ok') expect(response.statusCode, label).toBeGreaterThanOrEqual(200);
        if (want === 'ok') expect(response.statusCode, label).toBeLessThan(300);
        else expect(want, label).toContain(response.statusCode);

        for (const secret of secretsFor(caller))
          expect(response.body, `${label}: leaks`).not.toContain(secret);
        // Where the last caller does read a secret, the checks above are known to see it.
        if (caller === callers.at(-1)![0]) {
          for (const secret of prepared.reveals ?? [])
            expect(response.body, label).toContain(w.secrets[secret]);
        }
        // Pages keep the full set of security headers; a JSON answer gets exactly the JSON one (docs/security.md).
        expect(responseHeadersProblem(response), label).toBeNull();
        if (
          !op ||
          routeCase.documented === false ||
          ['hub-connection', 'not-allowed'].includes(routeCase.access)
        )
          continue;

        // A JSON API answer is what the document promises for its status, and a refusal says why in words.
        expect(responseProblem(op, response), label).toBeNull();
        if (refused) expect(isReadableMessage(response.json().message), label).toBe(true);
        if (response.statusCode === 401) expect(response.json().message).toBe(messages.common.loginRequired);
        // Whoever may not act on the owner's resource (refused, or answered about their own side) changed nothing.
        if (prepared.state && want !== 'ok') {
          expect(JSON.stringify(await prepared.state()), `${label}: changed data`).toBe(before);
        }
      }
    });
  }
});

describe('URLs the router cannot read', () => {
  it('answers a readable refusal that matches the document, without echoing the URL', async () => {
    const cases: Array<[string, number]> = [
      [`/api/Product/%ED%A0%80`, 400],
      [`/api/Product/%E0%A4%A`, 400],
      [`/api/Product/${'9'.repeat(600)}`, 414],
    ];
    for (const [url, status] of cases) {
      const response = await w.app.inject({ method: 'GET', url, headers: w.headersOf('other') });
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toEqual({ message: messages.common.invalidRequest });
      expect(responseProblem(ops.get('GET /api/Product/{id}')!, response), url).toBeNull();
    }
  });
});
