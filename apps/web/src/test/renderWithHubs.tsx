import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/routes';
import { SessionProvider } from '../shared/session/SessionProvider';
import { fakeHubFactory, type FakeHub } from '../shared/realtime/fakeHub';
import { HubFactoryProvider } from '../shared/realtime/HubFactoryContext';
import { RealtimeProvider } from '../shared/realtime/RealtimeProvider';

/**
 * The whole app at `path` as App.tsx composes it (session, realtime, routes), with fake hub connections
 * the test drives: `hubs.hub(HUBS.chat)` is the page's chat connection.
 */
export function renderWithHubs(path: string, configureHub?: (hub: FakeHub) => void) {
  const hubs = fakeHubFactory(configureHub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <HubFactoryProvider factory={hubs.factory}>
          <RealtimeProvider>
            <RouterProvider router={router} />
          </RealtimeProvider>
        </HubFactoryProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient, hubs };
}
