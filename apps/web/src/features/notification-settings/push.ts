import {
  APP_FILES,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  decodeBase64Url,
  type PushSubscriptionRequest,
} from '@rummage/contract';
import { pushSupported } from '../../shared/push/device';

/** Where this device stands with push: what the settings page shows and offers. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushState(supported: boolean, permission: string, subscribed: boolean): PushState {
  if (!supported) return 'unsupported';
  // A browser that blocks the site keeps its old subscription, but shows nothing: say it is blocked.
  if (permission === 'denied') return 'blocked';
  return subscribed && permission === 'granted' ? 'on' : 'off';
}

/** The browser's side of subscribing (the real one below; the unit tests give their own). */
export interface PushBrowser {
  requestPermission(): Promise<NotificationPermission>;
  pushManager(): Promise<Pick<PushManager, 'getSubscription' | 'subscribe'>>;
}

/** The server's side: its VAPID key and the subscriptions it keeps. */
export interface PushServer {
  publicKey(): Promise<string>;
  save(subscription: PushSubscriptionRequest): Promise<void>;
  remove(endpoint: string): Promise<void>;
}

export type TurnOnOutcome = 'on' | 'blocked' | 'dismissed';

/** `promise`, or a failure named `what` once `ms` have passed without an answer. */
function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !a || (a.byteLength === b.length && new Uint8Array(a).every((byte, index) => byte === b[index]));

/**
 * Asks for permission (only ever from a click: browsers hold a prompt nobody asked for against the site), then
 * subscribes with the server's key and hands the subscription to the server. 'blocked': the person or the
 * browser said no; 'dismissed': the prompt was closed unanswered. Throws when subscribing or saving fails, or
 * the push service gives no answer within PUSH_SUBSCRIBE_TIMEOUT_MS.
 */
export async function turnOnPush(browser: PushBrowser, server: PushServer): Promise<TurnOnOutcome> {
  const permission = await browser.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const [pushManager, publicKey] = await Promise.all([browser.pushManager(), server.publicKey()]);
  const applicationServerKey = decodeBase64Url(publicKey);
  if (!applicationServerKey || applicationServerKey.length !== 65) throw new Error('unusable push key');
  // A push service out of reach leaves the browser's answer pending for good: the time limit turns it into a
  // failure the page can tell.
  const subscribed = async () => {
    let subscription = await pushManager.getSubscription();
    // A subscription made with another key (the server's keys were replaced) cannot receive its pushes.
    if (subscription && !sameKey(subscription.options?.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    return (
      subscription ??
      (await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey as Uint8Array<ArrayBuffer>,
      }))
    );
  };
  const subscription = await withinTime(subscribed(), PUSH_SUBSCRIBE_TIMEOUT_MS, 'push service');
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete push subscription');
  await server.save({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return 'on';
}

/** Removes this device's subscription: first on the server (so no push is sent to it), then in the browser. */
export async function turnOffPush(subscription: PushSubscription, server: PushServer): Promise<void> {
  await server.remove(subscription.endpoint);
  await subscription.unsubscribe();
}

/** The worker is registered by the app in production; this also covers a first visit straight to this page. */
const WORKER_READY_TIMEOUT_MS = 10_000;

export const browserPush: PushBrowser = {
  requestPermission: () => Notification.requestPermission(),
  async pushManager() {
    if (!pushSupported()) throw new Error('push not supported');
    if (!(await navigator.serviceWorker.getRegistration()))
      await navigator.serviceWorker.register(APP_FILES.serviceWorker, { scope: '/' });
    return (await withinTime(navigator.serviceWorker.ready, WORKER_READY_TIMEOUT_MS, 'service worker'))
      .pushManager;
  },
};

/** iPhones and iPads offer push only in the app added to the Home Screen; elsewhere "unsupported" is final. */
export function isAppleMobile(userAgent: string, touchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}
