import './app/styles.css';
import { holdEarlyInput } from './app/earlyInput';
import { landingPageLoader, startLandingPage } from './app/landingPages';
import { hasPageState } from './app/pageState';
import { preloadCatalogue } from './shared/i18n/catalogueFiles';

/**
 * Starts the app with as little as possible ahead of the first paint (docs/benchmarks-history.md, "Front end").
 *
 * The HTML arrives prerendered (apps/web/build-plugins.ts): the whole home page, or for every other route the
 * frame (header, loading placeholder, footer). The browser paints it first; then the app's JavaScript, already
 * downloading, runs, which takes a few hundred milliseconds on a phone that would otherwise show a blank screen.
 * The code of the page a link leads to (and for a listing its data) is fetched at once, beside the app's. A page
 * the server rendered with its data (src/prerender.tsx) brings that data along, and the app waits for the page's
 * code, so its first render is the same page rather than a loading spinner over it. It also waits for the photos
 * the page marks as its main ones to be painted: running the app's code first would hold them off the screen
 * for as long as that takes on a phone.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** A photo that hangs must not keep the page from answering clicks for long. */
const MAIN_PHOTO_WAIT_MS = 3_000;

function mainPhotosPainted(container: HTMLElement): Promise<void> {
  const loading = [...container.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (image) => !image.complete,
  );
  if (loading.length === 0) return Promise.resolve();
  const loaded = loading.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAIN_PHOTO_WAIT_MS));
  return Promise.race([Promise.all(loaded), timeout]).then(afterFirstPaint);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// Clicks and typing on the prerendered page before the app has taken it over are done again afterwards.
const release = holdEarlyInput(root);
const pathname = window.location.pathname;
const withData = hasPageState();
const painted = afterFirstPaint().then(() => mainPhotosPainted(root));
// The code of a page that came with its data is asked for once its photos are on screen, not beside them: on a
// slow connection they would share it, and the photos would arrive later.
const pageCode = (withData ? painted : Promise.resolve())
  .then(() => {
    startLandingPage(pathname, withData ? null : painted);
    return landingPageLoader(pathname)?.();
  })
  .catch(() => undefined);
// A page read in another language than English needs its catalogue, a chunk of its own: asked for beside the app.
preloadCatalogue(document.documentElement.lang);
void painted
  .then(() => Promise.all([import('./app/mount'), pageCode]))
  .then(([{ mount }]) => mount(root, release));
