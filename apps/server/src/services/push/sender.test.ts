/**
 * The sender against the push-service stand-in (which checks the VAPID JWT and decrypts the payload): the
 * connection goes to the address the policy checked, a name that turns private after subscribing is refused at
 * sending, and a service that never answers is given up on.
 */
import { createServer, type Server } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPushService, type TestPushService } from '../../test/push-service.js';
import {
  PushEndpointLookupTimeoutError,
  PushEndpointRefusedError,
  type LookupAddresses,
} from './endpoint-policy.js';
import { createPushSender, PushTimeoutError } from './sender.js';

let service: TestPushService;
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@rummage.test' };
const vapidKeys = async () => keys;

beforeAll(async () => {
  service = await startTestPushService();
  service.expectVapidKey(keys.publicKey);
});
afterAll(() => service?.close());

/** A browser on the stand-in, addressed by a name only `lookup` knows. */
function named(host: string) {
  const browser = service.subscription();
  const url = new URL(browser.endpoint);
  return { browser, target: { endpoint: `http://${host}:${url.port}${url.pathname}`, keys: browser.keys } };
}

describe('the push sender', () => {
  it('connects to the address the policy resolved, sending a payload the browser can decrypt', async () => {
    const asked: string[] = [];
    const lookup: LookupAddresses = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const sender = createPushSender({ vapidKeys, policy: { allowInsecure: true, lookup } });
    const { browser, target } = named('stand-in.push.test');
    const result = await sender.send(target, JSON.stringify({ body: 'hello' }), { ttlSeconds: 60 });
    expect(result.status).toBe(201);
    // Resolved once, by the policy: the system resolver (which knows no such name) was never asked.
    expect(asked).toEqual(['stand-in.push.test']);
    const received = service.received.filter((push) => push.endpoint === browser.endpoint);
    expect(received.map((push) => push.payload)).toEqual([{ body: 'hello' }]);
    expect(received[0]!.headers.ttl).toBe('60');
    expect(service.refused).toEqual([]);
  });

  it('refuses at sending a name that resolves to a private address now (DNS rebinding), connecting nowhere', async () => {
    const connections: string[] = [];
    const listener: Server = createServer((socket) => {
      connections.push(String(socket.remoteAddress));
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    const sender = createPushSender({
      vapidKeys,
      policy: { allowInsecure: false, lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    const browser = service.subscription();
    await expect(
      sender.send({ endpoint: `https://rebound.push.test:${port}/x`, keys: browser.keys }, '{}', {
        ttlSeconds: 60,
      }),
    ).rejects.toBeInstanceOf(PushEndpointRefusedError);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    expect(connections).toEqual([]);
  });

  it('gives up on a service that does not answer within its timeout', async () => {
    const sender = createPushSender({
      vapidKeys,
      policy: { allowInsecure: true, lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
      timeoutMs: 300,
    });
    const browser = service.subscription();
    service.answerNext(browser.endpoint, 'hang');
    const started = Date.now();
    await expect(sender.send(browser, '{}', { ttlSeconds: 60 })).rejects.toBeInstanceOf(PushTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a name that does not resolve in time, sending nothing (the job tries again later)', async () => {
    const sender = createPushSender({
      vapidKeys,
      policy: { allowInsecure: true, lookup: () => new Promise(() => undefined), lookupTimeoutMs: 200 },
    });
    const { browser, target } = named('silent-dns.push.test');
    await expect(sender.send(target, '{}', { ttlSeconds: 60 })).rejects.toBeInstanceOf(
      PushEndpointLookupTimeoutError,
    );
    expect(service.attempts(browser.endpoint)).toEqual([]);
  });

  it('answers the status and Retry-After of a refusal', async () => {
    const sender = createPushSender({
      vapidKeys,
      policy: { allowInsecure: true, lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    const browser = service.subscription();
    service.answerNext(browser.endpoint, { status: 429, headers: { 'retry-after': '30' } }, { status: 410 });
    expect(await sender.send(browser, '{}', { ttlSeconds: 60 })).toEqual({
      status: 429,
      retryAfterMs: 30_000,
    });
    expect(await sender.send(browser, '{}', { ttlSeconds: 60 })).toEqual({ status: 410 });
  });
});
