import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';
import { SessionProvider } from '../shared/session/SessionProvider';
import { createQueryClient } from './queryClient';
import { appRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `createRouter` lets the build render a page to HTML with a memory router (src/prerender.tsx). */
export function App({
  createRouter = () => createBrowserRouter(appRoutes),
}: {
  createRouter?: () => AppRouter;
}) {
  const [queryClient] = useState(createQueryClient);
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
