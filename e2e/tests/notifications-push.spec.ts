import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, launchOptions } from '../browsers';
import { DEMO, signIn } from './people';
import { expectAccessible, screenshotBothWidths } from './support';

/**
 * The installable app (docs/product.md §10): the service worker shows a push delivered through DevTools, the
 * settings page subscribes this browser (the vendor's push service is out of reach here, so `subscribe()` is
 * stood in for in the page) and keeps its switches, and a reload without a connection shows the offline page.
 */

// The full browser: the headless shell the other journeys use shows no notifications.
test.use({ launchOptions: launchOptions(CHROMIUM) });

const SETTINGS = '/settings/notifications';
const T = {
  turnOn: 'Turn on push notifications',
  turnOff: 'Turn off on this device',
  on: 'Push notifications are on for this device.',
  sendTest: 'Send me a test notification',
  testSent: 'Test notification sent. It shows on every device where push is on.',
  noSubscription: 'Push notifications are not turned on on any of your devices.',
  saved: 'Your notification settings are saved.',
  offlineTitle: 'You are offline',
};

/** The app registers its worker once it has rendered; waits until it controls the page. */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

async function grantedContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  return context;
}

const base64Url = (bytes: Buffer) => bytes.toString('base64url');

test('a push delivered to the service worker shows a notification, one per link', async ({
  browser,
  baseURL,
}) => {
  const context = await grantedContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/');
  await workerControls(page);

  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(baseURL!).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

  const payload = {
    title: 'New message from alice',
    body: 'Is the lamp still there?',
    link: '/chat/2/5',
    type: 'message',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
        data: n.data as unknown,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: payload.link,
      icon: `${origin}/icons/icon-192.png`,
      data: { link: payload.link },
    },
  ]);

  // A second push about the same chat replaces the first instead of piling up.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: JSON.stringify({ ...payload, body: 'Hello?' }),
  });
  await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(['Hello?']);
  await context.close();
});

test('the settings page subscribes this browser, keeps its switches, and signing out drops the subscription', async ({
  browser,
  baseURL,
}) => {
  const context = await grantedContext(browser, baseURL!);
  // A real-looking subscription: a P-256 public key and a 16-byte secret, as a browser makes them. The endpoint is
  // a push-service stand-in on 127.0.0.1 (the e2e server runs with PUSH_ALLOW_INSECURE_ENDPOINTS): it records what
  // arrives, so the test notification is seen leaving the server. Decrypting it is the server tests' part.
  const arrived: IncomingHttpHeaders[] = [];
  const pushService = createServer((request, response) => {
    arrived.push(request.headers);
    request.resume().on('end', () => response.writeHead(201).end());
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  const { port } = pushService.address() as AddressInfo;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const fake = {
    endpoint: `http://127.0.0.1:${port}/push/e2e-${randomBytes(6).toString('hex')}`,
    p256dh: base64Url(ecdh.getPublicKey()),
    auth: base64Url(randomBytes(16)),
  };
  await context.addInitScript((sub) => {
    type Stub = { endpoint: string; options: PushSubscriptionOptions; unsubscribe(): Promise<boolean> };
    let current: Stub | null = null;
    const seen: number[][] = [];
    Object.assign(window, { pushKeysSeen: seen });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer).slice();
      seen.push([...key]);
      current = {
        endpoint: sub.endpoint,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        toJSON: () => ({
          endpoint: sub.endpoint,
          expirationTime: null,
          keys: { p256dh: sub.p256dh, auth: sub.auth },
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as Stub;
      return current as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription | null;
  }, fake);
  const page = await context.newPage();
  await signIn(page, DEMO.bob.username, DEMO.bob.password);

  // From the account menu.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(SETTINGS);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  await workerControls(page);

  // Nothing asked yet: there is no subscription until the button is pressed.
  const testButton = page.getByRole('button', { name: T.sendTest });
  await testButton.click();
  await expect(page.getByText(T.noSubscription)).toBeVisible();

  await page.getByRole('button', { name: T.turnOn }).click();
  await expect(page.getByText(T.on)).toBeVisible();
  await expect(page.getByRole('button', { name: T.turnOff })).toBeVisible();
  // Subscribed with the server's own VAPID key.
  const keyAnswer = await page.request.get('/api/Notifications/push-key');
  const serverKey = [
    ...Buffer.from(((await keyAnswer.json()) as { data: { publicKey: string } }).data.publicKey, 'base64url'),
  ];
  expect(await page.evaluate(() => (window as unknown as { pushKeysSeen: number[][] }).pushKeysSeen)).toEqual(
    [serverKey],
  );
  // The server has it: the test notification now goes out.
  await testButton.click();
  await expect(page.getByText(T.testSent)).toBeVisible();
  // It reaches the push service, encrypted (RFC 8291) and signed (VAPID).
  await expect.poll(() => arrived.length, { timeout: 10_000 }).toBe(1);
  expect(arrived[0]).toMatchObject({ 'content-encoding': 'aes128gcm' });
  expect(arrived[0]?.authorization).toMatch(/^vapid t=/);

  await screenshotBothWidths(page, 'notification-settings');
  await expectAccessible(page);

  // A switch persists across a reload. Clicked, not check(): the page re-renders from the query cache a moment
  // after the click (React Query notifies on the next tick), which check() reads as "did not change".
  const likesByPush = page.getByRole('checkbox', { name: 'Likes on your listings Push' });
  await expect(likesByPush).not.toBeChecked();
  await likesByPush.click();
  await expect(likesByPush).toBeChecked();
  await expect(page.getByText(T.saved)).toBeVisible();
  const supportByEmail = page.getByRole('checkbox', { name: 'Answers from support E-mail' });
  await supportByEmail.click();
  await expect(supportByEmail).not.toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(likesByPush).toBeChecked();
  await expect(supportByEmail).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Messages about listings E-mail' })).toBeChecked();
  // Back as they were, for the other journeys.
  await likesByPush.click();
  await expect(likesByPush).not.toBeChecked();
  await expect(page.getByText(T.saved)).toBeVisible();
  await supportByEmail.click();
  await expect(supportByEmail).toBeChecked();
  await page.waitForLoadState('networkidle');

  // Turned on again in this document (the stand-in forgets across reloads), then signing out drops it.
  await page.getByRole('button', { name: T.turnOn }).click();
  await expect(page.getByText(T.on)).toBeVisible();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await page.waitForURL('**/login');
  await signIn(page, DEMO.bob.username, DEMO.bob.password);
  await page.goto(SETTINGS);
  await page.getByRole('button', { name: T.sendTest }).click();
  await expect(page.getByText(T.noSubscription)).toBeVisible();
  await context.close();
  pushService.close();
});

test('a reload without a connection shows the offline page, and "Try again" brings the page back', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/marketplace');
  await workerControls(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: T.offlineTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expectAccessible(page);
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.offlineTitle })).toHaveCount(0);
  await expect(page).toHaveURL(/\/marketplace$/);
  // Only the offline page, in each language, and its icons are kept: no page, no API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
  expect(cached).toEqual([
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/maskable-192.png',
    '/icons/maskable-512.png',
    '/offline.de.html',
    '/offline.es.html',
    '/offline.html',
  ]);
  await context.close();
});
