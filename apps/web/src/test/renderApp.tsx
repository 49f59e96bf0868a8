import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/routes';
import { ENGLISH, type PageLanguage } from '../shared/i18n/i18n';
import { LanguageContext } from '../shared/i18n/useTexts';
import { SessionProvider } from '../shared/session/SessionProvider';

/**
 * The whole app (routes, session, queries) at `path`, with no retries so failures show at once. `strict` wraps it
 * in <StrictMode> as src/app/mount.tsx does (effects run twice); `language` is the one the page is read in
 * (`await loadLanguage('de')`), English without one.
 */
export function renderApp(
  path: string,
  { strict = false, language = ENGLISH }: { strict?: boolean; language?: PageLanguage } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const app = (
    <LanguageContext.Provider value={language}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </LanguageContext.Provider>
  );
  const utils = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, router, queryClient };
}
