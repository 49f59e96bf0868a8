import './app/styles.css';
import { holdEarlyInput } from './app/earlyInput';
import { startLandingPage } from './app/landingPages';

/**
 * Starts the app with as little as possible ahead of the first paint (docs/benchmarks.md, "Front end").
 *
 * The HTML arrives prerendered (apps/web/build-plugins.ts): the whole home page, or for every other route the
 * frame (header, loading placeholder, footer). The browser paints it first; then the app's JavaScript, already
 * downloading, runs, which takes a few hundred milliseconds on a phone that would otherwise show a blank screen.
 * The code of the page a link leads to (and for a listing its data) is fetched at once, beside the app's.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// Clicks and typing on the prerendered page before the app has taken it over are done again afterwards.
const release = holdEarlyInput(root);
const painted = afterFirstPaint();
startLandingPage(window.location.pathname, painted);
void painted.then(() => import('./app/mount')).then(({ mount }) => mount(root, release));
