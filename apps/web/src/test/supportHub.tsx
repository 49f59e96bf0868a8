import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { HUB_EVENTS, HUBS, type SupportTicket, type TicketMessage } from '@rummage/contract';
import { appRoutes } from '../app/routes';
import { fakeHubFactory, type FakeHub } from '../shared/realtime/fakeHub';
import { HubFactoryProvider } from '../shared/realtime/HubFactoryContext';
import { SessionProvider } from '../shared/session/SessionProvider';

/** The whole app at `path` like renderApp, with hub connections handed out as fakes the test can drive. */
export function renderWithHubs(path: string) {
  const hubs = fakeHubFactory();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <HubFactoryProvider factory={hubs.factory}>
          <RouterProvider router={router} />
        </HubFactoryProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  const supportHub = (): FakeHub => {
    const hub = hubs.hub(HUBS.support);
    if (!hub) throw new Error('no /supporthub connection');
    return hub;
  };
  /** The server pushes a message on /supporthub. */
  const push = (message: TicketMessage) => act(() => supportHub().emit(HUB_EVENTS.receiveMessage, message));
  return { ...utils, router, queryClient, hubs, supportHub, push };
}

export const TICKET: SupportTicket = {
  id: 31,
  title: 'a product',
  subject: 'a-product',
  message: 'The seller never showed up.',
  username: 'maria',
  userId: 7,
  status: 'open',
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
};

export function ticketMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: 1,
    content: TICKET.message,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    sentByUser: true,
    isNew: false,
    ticketId: TICKET.id,
    senderName: '@maria',
    ...overrides,
  };
}
