import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';
import { SessionProvider } from '../shared/session/SessionProvider';
import { createQueryClient } from './queryClient';
import { appRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes));
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
