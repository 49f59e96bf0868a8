import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_RENDERING, pageInLanguage, type Locale } from '@rummage/contract';

/**
 * The pages people land on from a link whose largest element is a photo the API names (the marketplace, a
 * listing) are rendered at request time with their data, as a visitor sees them: the photo is in the HTML, so a
 * phone paints it before the app's code has arrived. docs/decisions/0007-pages-rendered-with-their-data.md.
 *
 * The web build bundles the renderer (apps/web/src/prerender.tsx) beside a page template (index.html with markers
 * for the page and its head), as PAGE_RENDERING in the contract says. The renderer asks the API through
 * `app.inject`, on behalf of the visitor's address (rate limits and feed snapshots stay theirs), never with
 * their credentials. Any failure, a missing build, or too many renders at once sends the plain frame instead.
 */
const { rendererFile, templateFile, pageMarker, headMarker } = PAGE_RENDERING;

/** Renders in flight beyond which a request gets the plain frame: a render costs tens of milliseconds of CPU. */
const MAX_CONCURRENT_RENDERS = 4;
/** A page that takes longer (a slow database) is not worth the wait: the frame is sent instead. */
const RENDER_TIMEOUT_MS = 1_500;

interface Renderer {
  rendersWithData(pathname: string, cookieHeader: string): boolean;
  renderPage(url: string, locale: Locale): Promise<{ markup: string; head: string; status?: number }>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

export interface RenderedHtml {
  html: string;
  /** 404 when the page shows something that does not exist (a removed listing), else 200. */
  status: number;
}

export interface PageRender {
  /** The page for `request` in `locale`, or null when it is not rendered at request time (or cannot be now). */
  render(request: FastifyRequest, locale: Locale): Promise<RenderedHtml | null>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createPageRender(app: FastifyInstance, distDir: string): PageRender {
  const rendererPath = join(distDir, rendererFile);
  const templatePath = join(distDir, templateFile);
  if (!existsSync(rendererPath) || !existsSync(templatePath)) return { render: async () => null };
  const template = readFileSync(templatePath, 'utf8');
  // Which visitor a render asks the API for.
  const visitor = new AsyncLocalStorage<{ ip: string }>();
  let renderer: Promise<Renderer | null> | undefined;
  let inFlight = 0;

  // Loaded on the first page that needs it: about 2 MB of code that a start-up should not wait for.
  const loadRenderer = () =>
    (renderer ??= import(pathToFileURL(rendererPath).href).then(
      (module: Renderer) => {
        module.setApiTransport(async (url, init) => {
          const answer = await app.inject({
            method: 'GET',
            url,
            headers: { accept: 'application/json' },
            remoteAddress: visitor.getStore()?.ip,
            signal: init.signal ?? undefined,
          });
          const type = answer.headers['content-type'];
          return new Response(answer.rawPayload, {
            status: answer.statusCode,
            headers: typeof type === 'string' ? { 'content-type': type } : {},
          });
        });
        return module;
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'page renderer failed to load: pages are sent as the plain frame');
        return null;
      },
    ));

  // Warmed a second after the server listens, so the first visitor does not wait for it and start-up does not.
  app.addHook('onListen', async () => {
    setTimeout(() => void loadRenderer(), 1_000).unref();
  });

  return {
    async render(request, locale) {
      const pathname = request.url.split('?')[0] ?? '/';
      const loaded = await loadRenderer();
      const cookies = request.headers.cookie ?? '';
      if (!loaded?.rendersWithData(pathname, cookies) || inFlight >= MAX_CONCURRENT_RENDERS) return null;
      inFlight += 1;
      // Counted until the render itself ends, even when the visitor was sent the frame for taking too long.
      const rendering = visitor
        .run({ ip: request.ip }, () => loaded.renderPage(request.url, locale))
        .finally(() => {
          inFlight -= 1;
        });
      let timer: NodeJS.Timeout | undefined;
      try {
        const page = await Promise.race([
          rendering,
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
          }),
        ]);
        if (!page) return null;
        return {
          html: pageInLanguage(template, locale)
            .replace(headMarker, () => page.head)
            .replace(pageMarker, () => page.markup),
          status: page.status === 404 ? 404 : 200,
        };
      } catch (error) {
        request.log.warn({ err: error }, 'page render failed: sending the plain frame');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Sends rendered HTML compressed as the browser accepts (the static files have their copies made at build). */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { html, status }: RenderedHtml,
): Promise<FastifyReply> {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // The visitor's view of data that changes by the minute.
    .header('cache-control', 'private, no-cache')
    // In the reader's language, chosen from these two (./static-spa.ts).
    .header('vary', 'accept-encoding, accept-language, cookie');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
  }
  return reply.send(html);
}
