import { Workbox } from 'workbox-window';
import { APP_FILES } from '@rummage/contract';

/**
 * Registers the service worker (src/service-worker/sw.ts) once the app is on screen, in production builds only:
 * in development Vite serves modules the worker would not know. Imported lazily, so it is no part of the home
 * page's first JavaScript.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  new Workbox(APP_FILES.serviceWorker, { scope: '/' }).register().catch(() => undefined);
}
