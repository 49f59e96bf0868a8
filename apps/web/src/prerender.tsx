/**
 * Renders pages to HTML in Node, for HTML the browser paints before any script has run; src/app/mount.tsx then
 * renders the app over it. The build (apps/web/build-plugins.ts) bundles this module to dist/.ssr/ and uses it
 * for the home page and the frame of every other page, as a visitor with no session and no saved place sees them
 * before any API answer. The server (apps/server/src/plugins/page-render.ts) uses it at request time for the pages
 * people land on from links, with their data: see docs/decisions/0007-pages-rendered-with-their-data.md.
 */
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import type { RouteObject } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import {
  PAGE_RENDERING,
  ROUTE_PATTERNS,
  fillText,
  type Locale,
  type ProductDetail,
  type Catalogue,
  type PublicConfig,
} from '@rummage/contract';
import { App } from './app/App';
import { PAGE_STATE_ELEMENT_ID } from './app/pageState';
import { createQueryClient } from './app/queryClient';
import { RootLayout } from './app/RootLayout';
import { appRoutes } from './app/routes';
import { listingKeys } from './features/listings/api';
import { parseProductId } from './features/listings/productId';
import { assetUrl } from './shared/api/assets';
import { ApiError } from './shared/api/client';
import { CONFIG_QUERY_KEY, FALLBACK_CONFIG } from './shared/config/useAppConfig';
import { loadLanguage } from './shared/i18n/catalogues';
import { Spinner } from './shared/ui/Spinner';

export { setApiTransport } from './shared/api/client';

/**
 * The whole page as one string, lazy pages included: the async renderer waits for whatever suspends, and unlike a
 * streaming renderer never reveals a late part with an inline script, which the Content-Security-Policy forbids.
 * (The app's JSX is typed as React's; preact/compat makes the elements Preact's.) Each render is given its
 * language: renders in different languages run at the same time.
 */
async function render(
  routes: RouteObject[],
  url: string,
  locale: Locale,
  client?: QueryClient,
): Promise<string> {
  const page = (
    <App
      client={client}
      language={await loadLanguage(locale)}
      createRouter={() => createMemoryRouter(routes, { initialEntries: [url] })}
    />
  );
  return renderToStringAsync(page as unknown as VNode);
}

/** The home page in `locale`, as it is before the categories and listings arrive. */
export function renderHome(locale: Locale): Promise<string> {
  return render(appRoutes, '/', locale);
}

/**
 * The frame every other page opens in: header, the loading placeholder RootLayout shows while a page's code
 * loads (a screen high), footer. The page's own first state replaces it without moving anything into view.
 */
export function renderShell(locale: Locale): Promise<string> {
  return render(
    [{ element: <RootLayout />, children: [{ path: '*', element: <Spinner fillScreen /> }] }],
    '/',
    locale,
  );
}

/**
 * The pages rendered with their data at request time: the marketplace and a listing, whose largest element is a
 * photo the API names. Only as a visitor sees them (the server renders without the browser's stored token), and
 * the marketplace only for a browser without a saved place (the newest listings everywhere, not its own area).
 */
export function rendersWithData(pathname: string, cookieHeader = ''): boolean {
  if (ROUTE_PATTERNS.productDetail.test(pathname)) return true;
  const hasPlace = cookieHeader.split(/;\s*/).includes(`${PAGE_RENDERING.savedPlaceCookie}=1`);
  return ROUTE_PATTERNS.marketplace.test(pathname) && !hasPlace;
}

/**
 * Renders per page: the first finds what the page asks for (its data, the config), the second shows it. What
 * the page asks for only once that is in (a listing's seller's other items, below the photos) is left to the
 * browser: fetching it too would cost another render and make the HTML larger, and the HTML's size decides when
 * the photo can be asked for on a slow connection (more than ~14 KB takes another round trip).
 */
const MAX_PASSES = 2;

/** A query a render asked for that has no answer yet and may be asked (a disabled query waits for something). */
function waitingForData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

export interface RenderedPage {
  /** What goes inside #root: the page, then its data for the browser's query cache. */
  markup: string;
  /** <title> and link-preview tags for <head>, escaped. */
  head: string;
  /** 404 for a listing that does not exist (or is hidden), so crawlers drop a dead link; 200 otherwise. */
  status: number;
}

/**
 * Renders `url` with the data its first screen asks for. A render leaves the queries it made in the cache; their
 * answers are fetched (through setApiTransport's transport) and the page rendered again, until nothing more is
 * asked for. Failed queries are left out of the state, so the browser asks again.
 */
export async function renderPage(url: string, locale: Locale = 'en'): Promise<RenderedPage> {
  const client = createQueryClient();
  let markup = '';
  for (let pass = 1; ; pass += 1) {
    markup = await render(appRoutes, url, locale, client);
    const waiting = client.getQueryCache().getAll().filter(waitingForData);
    if (waiting.length === 0 || pass === MAX_PASSES) break;
    // One try each: the visitor's browser will ask again for whatever fails here.
    await Promise.all(
      waiting.map((query) => query.fetch({ ...query.options, retry: false }).catch(() => undefined)),
    );
  }
  return {
    markup: markup + stateElement(client),
    head: headFor(url, client, (await loadLanguage(locale)).texts),
    status: statusFor(url, client),
  };
}

function statusFor(url: string, client: QueryClient): number {
  const match = ROUTE_PATTERNS.productDetail.exec(new URL(url, 'http://page').pathname);
  if (!match) return 200;
  const id = parseProductId(match[1]);
  if (id === null) return 404;
  const error = client.getQueryState(listingKeys.detail(id))?.error;
  return error instanceof ApiError && error.status === 404 ? 404 : 200;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script> element: `<` escaped so no text in it can close the element. */
function stateElement(client: QueryClient): string {
  const json = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${json}</script>`;
}

/** The tab title the page would set, and for a listing what a shared link's preview shows. */
function headFor(url: string, client: QueryClient, texts: Catalogue): string {
  const config = client.getQueryData<PublicConfig>(CONFIG_QUERY_KEY) ?? FALLBACK_CONFIG;
  const fill = (text: string, extra: Record<string, string> = {}) =>
    fillText(text, { product: config.productName, email: config.supportEmail, ...extra });
  const pathname = new URL(url, 'http://page').pathname;
  if (ROUTE_PATTERNS.marketplace.test(pathname))
    return `<title>${escapeHtml(fill(texts.titles.marketplace))}</title>`;
  const id = parseProductId(ROUTE_PATTERNS.productDetail.exec(pathname)?.[1]);
  const product = id === null ? undefined : client.getQueryData<ProductDetail>(listingKeys.detail(id));
  if (!product) return `<title>${escapeHtml(fill(texts.listing.detailFallbackTitle))}</title>`;
  const tags = [
    `<title>${escapeHtml(fill(texts.listing.detailTitle, { title: product.title }))}</title>`,
    `<meta property="og:type" content="product">`,
    `<meta property="og:site_name" content="${escapeHtml(config.productName)}">`,
    `<meta property="og:title" content="${escapeHtml(product.title)}">`,
    `<meta property="og:description" content="${escapeHtml(product.description.slice(0, 200))}">`,
  ];
  const photo = product.images[0];
  if (photo) tags.push(`<meta property="og:image" content="${escapeHtml(assetUrl(photo, ''))}">`);
  return tags.join('');
}
