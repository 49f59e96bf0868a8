import { describe, expect, it, vi } from 'vitest';
import type { PushSubscriptionRequest } from '@rummage/contract';
import { isAppleMobile, pushState, turnOnPush, type PushBrowser, type PushServer } from './push';

// A real-looking VAPID key: 0x04 then 64 bytes (an uncompressed P-256 point), base64url.
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const publicKey = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const stored = {
  endpoint: 'https://push.example/send/abc',
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'c2VjcmV0c2VjcmV0MTIzNA' },
};

function fakeSubscription(key: Uint8Array | null, endpoint = stored.endpoint) {
  return {
    endpoint,
    options: {
      applicationServerKey: key ? (key.slice().buffer as ArrayBuffer) : null,
      userVisibleOnly: true,
    },
    toJSON: () => ({ endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

function world(permission: NotificationPermission, existing: PushSubscription | null = null) {
  const saved: PushSubscriptionRequest[] = [];
  const subscribe = vi.fn(async (_options?: PushSubscriptionOptionsInit) => fakeSubscription(keyBytes));
  const browser: PushBrowser = {
    requestPermission: vi.fn(async () => permission),
    pushManager: vi.fn(async () => ({ getSubscription: async () => existing, subscribe })),
  };
  const server: PushServer = {
    publicKey: vi.fn(async () => publicKey),
    save: vi.fn(async (subscription) => {
      saved.push(subscription);
    }),
    remove: vi.fn(async () => undefined),
  };
  return { browser, server, subscribe, saved };
}

describe('push state', () => {
  it('says unsupported, blocked, off or on', () => {
    expect(pushState(false, 'granted', true)).toBe('unsupported');
    expect(pushState(true, 'denied', true)).toBe('blocked');
    expect(pushState(true, 'default', false)).toBe('off');
    expect(pushState(true, 'granted', false)).toBe('off');
    // A subscription left over from before the permission was reset shows nothing: off.
    expect(pushState(true, 'default', true)).toBe('off');
    expect(pushState(true, 'granted', true)).toBe('on');
  });

  it('recognises iPhones and iPads, which push only from the Home Screen app', () => {
    expect(isAppleMobile('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 14)', 5)).toBe(false);
  });
});

describe('turning push on', () => {
  it("subscribes with the server's key and hands the subscription to the server", async () => {
    const w = world('granted');
    await expect(turnOnPush(w.browser, w.server)).resolves.toBe('on');
    const options = w.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...(options?.applicationServerKey as Uint8Array)]).toEqual([...keyBytes]);
    expect(w.saved).toEqual([stored]);
  });

  it('stops when the browser blocks it, without a subscription or a call to the server', async () => {
    const w = world('denied');
    await expect(turnOnPush(w.browser, w.server)).resolves.toBe('blocked');
    expect(w.subscribe).not.toHaveBeenCalled();
    expect(w.server.publicKey).not.toHaveBeenCalled();
  });

  it('does nothing when the prompt is closed unanswered', async () => {
    const w = world('default');
    await expect(turnOnPush(w.browser, w.server)).resolves.toBe('dismissed');
    expect(w.saved).toEqual([]);
  });

  it('keeps a subscription made with the same key, and replaces one made with another', async () => {
    const same = fakeSubscription(keyBytes);
    const kept = world('granted', same);
    await turnOnPush(kept.browser, kept.server);
    expect(kept.subscribe).not.toHaveBeenCalled();
    expect(kept.saved).toHaveLength(1);

    const old = fakeSubscription(
      Uint8Array.from({ length: 65 }, () => 9),
      'https://push.example/old',
    );
    const replaced = world('granted', old);
    await turnOnPush(replaced.browser, replaced.server);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(replaced.subscribe).toHaveBeenCalledTimes(1);
    expect(replaced.saved[0]?.endpoint).toBe(stored.endpoint);
  });

  it('fails, saving nothing, when the server has no usable key or refuses the subscription', async () => {
    const badKey = world('granted');
    badKey.server.publicKey = async () => 'not a key!';
    await expect(turnOnPush(badKey.browser, badKey.server)).rejects.toThrow();
    expect(badKey.subscribe).not.toHaveBeenCalled();

    const refused = world('granted');
    refused.server.save = async () => {
      throw new Error('400');
    };
    await expect(turnOnPush(refused.browser, refused.server)).rejects.toThrow('400');
  });
});
