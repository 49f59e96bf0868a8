import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  APP_FILES,
  HUBS,
  isPageRoute,
  localizedPageFile,
  ROUTE_PATTERNS,
  ROUTES,
  type Locale,
} from '@rummage/contract';
import { replyNotFound } from './errors.js';
import { createPageRender, sendRenderedPage } from './page-render.js';

const HUB_PREFIXES = Object.values(HUBS);

/**
 * Client-side routes (and the SPA's not-found page, with a 404) must load index.html on reload; API and hub paths must not.
 * Browsers ask for text/html; link-preview crawlers often accept any type (or send no Accept), which gets
 * the page too unless the path names a file (a missing script must stay a 404).
 */
function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (HUB_PREFIXES.some((hub) => path === hub || path.startsWith(`${hub}/`))) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  const namesFile = /\.[^/]*$/.test(path);
  return !namesFile && (accept === '' || accept.includes('*/*'));
}

/**
 * A page is sent in the request's language (./locale.ts): for a page, which carries no session, the person's choice
 * in the `lang` cookie, then the browser's Accept-Language, then DEFAULT_LOCALE. Pages so chosen vary with both.
 */
export const LANGUAGE_VARY = 'accept-language, cookie';

const notBuiltPage = (distDir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rummage: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running, but there is no built web app in <code>${distDir.replace(/[<>&]/g, '')}</code>.</p>
<p>Run <code>npm run build</code> in the project folder, then restart the server.</p>
<p>The API documentation is at <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

/**
 * Serves the built SPA. Vite puts content-hashed files under /assets, which never change, so browsers may keep
 * them forever; index.html and everything else is revalidated so a new release shows up at once. Browsers that
 * accept brotli or gzip get the copies compressed at build time.
 */
export const staticSpaPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const built = existsSync(join(distDir, 'index.html'));
    const serviceWorkerFile = join(distDir, APP_FILES.serviceWorker);
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        cacheControl: false,
        // The build's own dot folders (.vite: the manifest; .ssr: the page renderer and template) stay private.
        dotfiles: 'ignore',
        // The web build writes .br and .gz next to each text file (apps/web/vite.config.ts): sent as they are.
        preCompressed: true,
        // `/` is answered below, in the reader's language.
        index: false,
        setHeaders(res, path) {
          const hashed = path.startsWith(join(distDir, 'assets'));
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The service worker (docs/product.md §10) controls every page from the site's root; browsers check
          // it for updates themselves, and no-cache keeps a proxy from holding an old one back.
          if (path.replace(/\.(br|gz)$/, '') === serviceWorkerFile) res.header('service-worker-allowed', '/');
        },
      });
    } else {
      app.log.warn({ distDir }, 'web app not built: serving a placeholder page (run npm run build)');
    }

    /** A page built in every language (apps/web/build-plugins.ts), in the one chosen for the request. */
    const sendPage = (reply: FastifyReply, file: string, locale: Locale, status = 200) =>
      reply
        .code(status)
        .header('cache-control', 'no-cache')
        .header('vary', LANGUAGE_VARY)
        .sendFile(localizedPageFile(file, locale));
    if (built) {
      // `/` gets the home page rendered at build time, painted before any script.
      app.get('/', (request, reply) => sendPage(reply, 'home.html', request.locale));
    }

    // The marketplace and listings, rendered with their data at request time (./page-render.ts).
    const pages = built ? createPageRender(app, distDir) : null;

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (!wantsSpaPage(request)) return replyNotFound(request, reply);
      if (!built) return reply.code(200).type('text/html; charset=utf-8').send(notBuiltPage(distDir));
      const [path, query] = request.url.split('?', 2);
      const { locale } = request;
      const shared = ROUTE_PATTERNS.productShare.exec(path ?? '');
      if (shared?.[1]) {
        return reply.redirect(`${ROUTES.productDetail(shared[1])}${query ? `?${query}` : ''}`, 301);
      }
      const rendered = request.method === 'GET' ? await pages?.render(request, locale) : null;
      if (rendered) return sendRenderedPage(request, reply, rendered);
      // A path no page answers gets the app (which shows its not-found page) with a 404, so crawlers and uptime
      // monitors see the truth instead of a 200 for every typo.
      const status = isPageRoute(path ?? '/') ? 200 : 404;
      return sendPage(reply, 'index.html', locale, status);
    });
  },
  { name: 'static-spa', dependencies: ['locale'] },
);
