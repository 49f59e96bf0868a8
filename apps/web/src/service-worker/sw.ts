/// <reference lib="webworker" />
/**
 * The installable app's service worker (docs/product.md §10, "Settings and the installable app"). It shows the
 * pushes the server sends and opens their link on click, and keeps only the offline page and what that page
 * needs, so a reload without a connection shows it instead of the browser's error. It never stores an API
 * answer or a page: everything a person sees comes from the network, so nobody else's data can be left on a
 * shared device.
 */
import {
  APP_FILES,
  LANGUAGE_COOKIE,
  chooseLocale,
  chosenLocaleFromCookies,
  DEFAULT_LOCALE,
  localizedPageFile,
  type Locale,
} from '@rummage/contract';
import { notificationFromPush, pickClientToFocus, shellCacheName } from './logic';

declare const self: ServiceWorkerGlobalScope & {
  /** Filled in at build time (vite-plugin-pwa, injectManifest): the offline page and the files it uses. */
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/**
 * The language of the offline page: the person's choice (the `lang` cookie, where the browser lets a worker read
 * cookies), else the browser's languages.
 */
async function readerLocale(): Promise<Locale> {
  const store = (self as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  const chosen = await store?.get(LANGUAGE_COOKIE).catch(() => null);
  return chooseLocale({
    chosen: chosenLocaleFromCookies(chosen ? `${LANGUAGE_COOKIE}=${chosen.value}` : ''),
    acceptLanguage: self.navigator.languages.join(','),
    defaultLocale: DEFAULT_LOCALE,
  });
}

const SHELL = self.__WB_MANIFEST;
const SHELL_CACHE = shellCacheName(SHELL);
const shellUrl = (entry: { url: string }) => new URL(entry.url, self.location.origin).pathname;
const SHELL_PATHS = new Set(SHELL.map(shellUrl));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // 'reload' so a stale HTTP cache entry cannot end up as the offline page of a new version.
      await cache.addAll(SHELL.map((entry) => new Request(shellUrl(entry), { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages always come from the network; only when there is none does the offline page stand in.
    event.respondWith(
      fetch(request).catch(
        async () =>
          (await caches.match(localizedPageFile(APP_FILES.offlinePage, await readerLocale()), {
            cacheName: SHELL_CACHE,
          })) ??
          (await caches.match(APP_FILES.offlinePage, { cacheName: SHELL_CACHE })) ??
          Response.error(),
      ),
    );
    return;
  }
  // The offline page's own files (its icon) when the network is gone; nothing else is ever answered from here.
  if (SHELL_PATHS.has(url.pathname)) {
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(url.pathname, { cacheName: SHELL_CACHE })) ?? Response.error(),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // A payload that is not JSON still gets a notification: a push the browser sees shown nothing counts against
    // the site.
  }
  const { title, options } = notificationFromPush(data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(
    (event.notification.data as { link?: string } | null)?.link ?? '/',
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = pickClientToFocus(open, self.location.origin);
      if (!client) {
        await self.clients.openWindow(link);
        return;
      }
      const focused = await client.focus();
      // navigate() works only in a tab this worker controls; another (say, one opened before it was installed)
      // gets a new window with the link instead.
      await focused.navigate(link).catch(() => self.clients.openWindow(link));
    })(),
  );
});
