import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ENGLISH, type PageLanguage } from '../shared/i18n/i18n';
import { LanguageContext } from '../shared/i18n/useTexts';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';
import { SessionProvider } from '../shared/session/SessionProvider';
import { createQueryClient } from './queryClient';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * `createRouter` and `client` let the server render a page to HTML with a memory router and the page's data
 * (src/prerender.tsx), and the browser start from that data (src/app/mount.tsx). `language` is the one the page
 * is read in (./shared/i18n/catalogues.ts); English without one.
 */
export function App({
  createRouter = () => createBrowserRouter(appRoutes),
  client,
  language = ENGLISH,
}: {
  createRouter?: () => AppRouter;
  client?: QueryClient;
  language?: PageLanguage;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <LanguageContext.Provider value={language}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RealtimeProvider>
            <RouterProvider router={router} />
          </RealtimeProvider>
        </SessionProvider>
      </QueryClientProvider>
    </LanguageContext.Provider>
  );
}
