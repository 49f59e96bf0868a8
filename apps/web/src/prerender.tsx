/**
 * Renders pages to HTML at build time (apps/web/build-plugins.ts, in Node), as a visitor with no session and no
 * saved place sees them before any API answer: header, page frame, placeholders. The browser paints that HTML
 * at once, before the JavaScript has arrived; src/app/mount.tsx then renders the app over it.
 */
import type { RouteObject } from 'react-router';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/App';
import { RootLayout } from './app/RootLayout';
import { appRoutes } from './app/routes';
import { Spinner } from './shared/ui/Spinner';

async function render(routes: RouteObject[], path: string): Promise<string> {
  const { prelude } = await prerender(
    <App createRouter={() => createMemoryRouter(routes, { initialEntries: [path] })} />,
  );
  return new Response(prelude).text();
}

/** The home page, as it is before the categories and listings arrive. */
export function renderHome(): Promise<string> {
  return render(appRoutes, '/');
}

/**
 * The frame every other page opens in: header, the loading placeholder RootLayout shows while a page's code
 * loads (a screen high), footer. The page's own first state replaces it without moving anything into view.
 */
export function renderShell(): Promise<string> {
  return render(
    [{ element: <RootLayout />, children: [{ path: '*', element: <Spinner fillScreen /> }] }],
    '/',
  );
}
