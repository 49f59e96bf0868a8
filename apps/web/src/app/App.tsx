import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';
import { SessionProvider } from '../shared/session/SessionProvider';
import { createQueryClient } from './queryClient';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * `createRouter` and `client` let the server render a page to HTML with a memory router and the page's data
 * (src/prerender.tsx), and the browser start from that data (src/app/mount.tsx).
 */
export function App({
  createRouter = () => createBrowserRouter(appRoutes),
  client,
}: {
  createRouter?: () => AppRouter;
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RealtimeProvider>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
