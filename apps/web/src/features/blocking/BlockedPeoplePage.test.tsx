import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { SessionProvider } from '../../shared/session/SessionProvider';
import BlockedPeoplePage from './BlockedPeoplePage';

const B = messages.blocking;

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <BlockedPeoplePage /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BlockedPeoplePage', () => {
  it('lists the people you blocked; unblocking one (confirmed) takes them off the list', async () => {
    storeSession();
    let blocked = [{ id: 9, userName: 'sam', imageUrl: null, blockedAt: '2026-05-01T12:00:00Z' }];
    const { calls } = mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/User/blocked': () => ({ body: { data: blocked } }),
      'DELETE /api/User/block/9': () => {
        blocked = [];
        return { body: { message: 'ok', data: { userId: 9, isBlocked: false } } };
      },
    });
    renderPage();
    expect(await screen.findByText('@sam')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${B.unblock} @sam` }));
    fireEvent.click(await screen.findByRole('button', { name: B.unblock }));
    expect(await screen.findByText(B.listEmpty)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/User/block/9',
    ]);
  });

  it('says so when nobody is blocked', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK, 'GET /api/User/blocked': { body: { data: [] } } });
    renderPage();
    await waitFor(() => expect(screen.getByText(B.listEmpty)).toBeTruthy());
  });
});
