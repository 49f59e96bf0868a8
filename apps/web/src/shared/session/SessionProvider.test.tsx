import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { PERSONAL_QUERY } from './SessionContext';
import { SessionProvider } from './SessionProvider';
import { clearSession, writeSession } from './storage';

/** A personal list (as the notification page keeps one) and a public one, each answered once per person. */
function Lists() {
  const personal = useQuery({
    queryKey: ['personal-list'],
    meta: PERSONAL_QUERY,
    queryFn: () => `entries of ${localStorage.getItem('username') ?? 'nobody'}`,
    staleTime: Infinity,
  });
  const shared = useQuery({ queryKey: ['public-list'], queryFn: () => 'listings', staleTime: Infinity });
  return (
    <>
      <p data-testid="personal">{personal.data}</p>
      <p data-testid="public">{shared.data}</p>
    </>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it("drops the last person's personal answers when someone else signs in, and keeps public ones", async () => {
    mockApi({ 'GET /api/Account/me': ME_OK });
    storeSession({ username: 'maria' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <Lists />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('entries of maria')).toBeTruthy();
    const publicFetches = () => client.getQueryState(['public-list'])?.dataUpdateCount;
    const before = publicFetches();

    act(() => clearSession());
    act(() =>
      writeSession({
        id: 8,
        authToken: 'token-of-bob',
        username: 'bob',
        imageUrl: null,
        coverPhotoUrl: null,
      } as Parameters<typeof writeSession>[0]),
    );
    expect(await screen.findByText('entries of bob')).toBeTruthy();
    expect(screen.queryByText('entries of maria')).toBeNull();
    expect(publicFetches()).toBe(before);
  });
});
