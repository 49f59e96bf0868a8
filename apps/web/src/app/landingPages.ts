/**
 * The lazily loaded pages people often arrive on from a link (the marketplace, a shared listing, a garage sale,
 * a profile) and the paths they answer to (ROUTES in the contract; landingPages.test.ts keeps the two in step).
 * src/main.tsx starts fetching the page's code, and for a listing its data and first photo, together with the
 * app's instead of after it; routes.tsx renders the same loaders with React.lazy. This module is loaded before
 * the first paint, so it imports only the small modules the build keeps with it (apps/web/build-plugins.ts).
 */
import { API, apiPath, ROUTE_PATTERNS } from '@rummage/contract';
import { assetUrl } from '../shared/api/assets';
import { fetchEarly } from '../shared/api/earlyAnswers';

/**
 * `load`, except that once the module is in it is handed over at once (a thenable that calls back
 * synchronously). React.lazy then renders the page without suspending; with a promise, even a settled one, it
 * shows the loading fallback first and then waits up to 300 ms before revealing the page (React's throttling
 * of Suspense reveals). A failed load is tried again on the next call.
 */
export function settledOnceLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: { module: T } | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (loaded) {
      const { module } = loaded;
      const then = (onLoaded?: (value: T) => unknown) =>
        Promise.resolve(onLoaded ? onLoaded(module) : module);
      return { then } as unknown as Promise<T>;
    }
    loading ??= load().then(
      (module) => {
        loaded = { module };
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

export const loadMarketplacePage = settledOnceLoaded(() => import('../features/marketplace/MarketplacePage'));
export const loadProductDetailPage = settledOnceLoaded(
  () => import('../features/listings/ProductDetailPage'),
);
export const loadGarageSalePage = settledOnceLoaded(() => import('../features/garage/GarageSalePage'));
export const loadProfilePage = settledOnceLoaded(() => import('../features/profile/ProfilePage'));

/**
 * A listing's data (what ProductDetailPage asks for first) and, once it is in, its first photo: the largest
 * thing on the page, which would otherwise be requested only after the app has run and rendered.
 */
function prefetchListing(id: string): void {
  if (!/^\d+$/.test(id)) return;
  fetchEarly(apiPath(API.product.item, { id }))
    .then((response) =>
      response.ok ? (response.clone().json() as Promise<{ data?: { images?: unknown } }>) : null,
    )
    .then((body) => {
      const images = body?.data?.images;
      const first = Array.isArray(images) ? images[0] : undefined;
      if (typeof first !== 'string' || !first) return;
      const link = document.createElement('link');
      const attributes = { rel: 'preload', as: 'image', href: assetUrl(first, ''), fetchpriority: 'high' };
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    })
    .catch(() => undefined);
}

interface LandingPage {
  path: RegExp;
  load: () => Promise<unknown>;
  /** Fetches what the page will ask for first; gets the path's first captured group. */
  prefetch?: (param: string) => void;
}

const LANDING_PAGES: LandingPage[] = [
  { path: ROUTE_PATTERNS.marketplace, load: loadMarketplacePage },
  { path: ROUTE_PATTERNS.productDetail, load: loadProductDetailPage, prefetch: prefetchListing },
  // The share link redirects to the listing's page in the browser when the server did not.
  { path: ROUTE_PATTERNS.productShare, load: loadProductDetailPage, prefetch: prefetchListing },
  { path: ROUTE_PATTERNS.garage, load: loadGarageSalePage },
  { path: ROUTE_PATTERNS.otherUser, load: loadProfilePage },
];

/** The loader of the page at `pathname`, if it is one of the pages above. */
export function landingPageLoader(pathname: string): (() => Promise<unknown>) | undefined {
  return LANDING_PAGES.find(({ path }) => path.test(pathname))?.load;
}

/**
 * Starts loading the code of the page at `pathname`, if it is one of the pages above, and once `painted` has
 * settled what the page asks for first (reading the stored token opens the browser's storage, a pause that must
 * not hold up the first paint); `painted` null when the page came with its data. A failure here is only an early start that did not happen: the page asks again
 * and reports it.
 */
export function startLandingPage(
  pathname: string,
  painted: Promise<unknown> | null = Promise.resolve(),
): void {
  for (const { path, load, prefetch } of LANDING_PAGES) {
    const match = path.exec(pathname);
    if (!match) continue;
    Promise.resolve(load()).catch(() => undefined);
    const param = match[1];
    if (prefetch && param && painted) void painted.then(() => prefetch(param));
    return;
  }
}
