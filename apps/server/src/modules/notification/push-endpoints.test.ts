/**
 * Push endpoints are an SSRF door (docs/product.md §10): with PUSH_ALLOW_INSECURE_ENDPOINTS off (the default),
 * only https on a public address is accepted, judged by the address the name resolves to. DNS answers come from
 * the app's injected resolver, never the network.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser, signIn } from '../../test/factories.js';
import type { LookupAddresses } from '../../services/push/index.js';

const DNS: Record<string, string[]> = {
  'push.public.test': ['93.184.215.14'],
  'intranet.private.test': ['10.0.0.5'],
  'metadata.private.test': ['169.254.169.254'],
  'mixed.private.test': ['93.184.215.14', '192.168.0.7'],
  'v6.private.test': ['fd00::7'],
  localhost: ['127.0.0.1', '::1'],
};
const lookup: LookupAddresses = async (host) => {
  // A resolver that never answers (an unreachable DNS server).
  if (host === 'hanging.dns.test') return new Promise(() => undefined);
  const answers = DNS[host];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({}, { lookup });
  expect(t.config.notifications.allowInsecurePushEndpoints).toBe(false);
  token = await signIn(t.app, await createUser(t.app));
});
afterAll(() => t?.close());

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = (endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: API.notifications.pushSubscriptions,
    headers: bearer(token),
    payload: { endpoint, keys: keys() },
  });

describe('push endpoints with PUSH_ALLOW_INSECURE_ENDPOINTS off', () => {
  it.each([
    ['plain http', 'http://push.public.test/send/1'],
    ['a loopback address', 'https://127.0.0.1/send/1'],
    ['localhost', 'https://localhost:8443/send/1'],
    ['an IPv6 loopback', 'https://[::1]/send/1'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/send/1'],
    ['a private address', 'https://192.168.1.20/send/1'],
    ['a name whose DNS answer is private', 'https://intranet.private.test/send/1'],
    ['a name resolving to the metadata address', 'https://metadata.private.test/send/1'],
    ['a name with a private answer among public ones', 'https://mixed.private.test/send/1'],
    ['a name resolving to a unique local IPv6 address', 'https://v6.private.test/send/1'],
    ['a name that does not resolve', 'https://nowhere.test/send/1'],
  ])('refuses %s with a readable 400', async (_what, endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.notifications.subscriptionEndpointRefused);
  });

  it('refuses a name whose lookup does not answer within 3 s, saying so', async () => {
    const started = Date.now();
    const response = await subscribe('https://hanging.dns.test/send/1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.notifications.subscriptionEndpointTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 10_000);

  it('accepts https on a public name and on a public IP literal', async () => {
    expect((await subscribe('https://push.public.test/send/2')).statusCode).toBe(200);
    expect((await subscribe('https://93.184.215.14/send/3')).statusCode).toBe(200);
  });
});
