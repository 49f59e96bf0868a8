import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FOLLOW_SETTLE_MS, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { SessionProvider } from '../../shared/session/SessionProvider';
import { FollowButton } from './FollowButton';

const FOLLOW = 'POST /api/User/follow-unfollow/9';
const P = messages.profile;

function followed(isFollowing: boolean, followersCount: number): MockAnswer {
  return { body: { message: 'ok', data: { userId: 9, isFollowing, followersCount } } };
}

/** A page showing seller 9's follower count beside the button, as a profile does. */
function Counted({ initialFollowing, userId }: { initialFollowing: boolean; userId: number }) {
  const [count, setCount] = useState(10);
  return (
    <>
      <p data-testid="count">{count}</p>
      <FollowButton
        userId={userId}
        initialFollowing={initialFollowing}
        onFollowersCountChange={(delta) => setCount((current) => current + delta)}
      />
    </>
  );
}

function renderButton({ initialFollowing = false, userId = 9 } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <Counted initialFollowing={initialFollowing} userId={userId} /> },
    { path: '/login', element: <h1>login page</h1> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

const button = () => screen.getByRole('button', { name: /follow/ });
const count = () => screen.getByTestId('count').textContent;

/** Lets the mocked request answer and React apply it. */
const settleRequests = () => act(() => vi.advanceTimersByTimeAsync(0));

afterEach(() => vi.useRealTimers());

describe('FollowButton', () => {
  it('follows at once (label "unfollow", count +1), sends follow: true, and settles after 1 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': ME_OK, [FOLLOW]: followed(true, 11) });
    renderButton();
    expect(button().textContent).toBe(P.follow);

    fireEvent.click(button());
    expect(button().textContent).toBe(P.unfollow);
    expect(button().getAttribute('data-state')).toBe('justFollowed');
    expect(count()).toBe('11');
    await settleRequests();
    expect(calls.filter((call) => `${call.method} ${call.path}` === FOLLOW).map((call) => call.body)).toEqual(
      [{ follow: true }],
    );

    await act(() => vi.advanceTimersByTimeAsync(FOLLOW_SETTLE_MS - 10));
    expect(button().getAttribute('data-state')).toBe('justFollowed');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(button().getAttribute('data-state')).toBe('following');
    expect(button().textContent).toBe(P.unfollow);
    expect(count()).toBe('11');
  });

  it('unfollows: back to "follow", count -1, sends follow: false', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': ME_OK, [FOLLOW]: followed(false, 9) });
    renderButton({ initialFollowing: true });
    expect(button().textContent).toBe(P.unfollow);
    fireEvent.click(button());
    expect(button().textContent).toBe(P.follow);
    expect(count()).toBe('9');
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('false'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ follow: false });
    expect(button().textContent).toBe(P.follow);
  });

  it('ignores clicks while the request runs (aria-busy), then takes the next one', async () => {
    storeSession();
    let answer: (value: Response) => void = () => undefined;
    const posts: unknown[] = [];
    const { fetchMock } = mockApi({ 'GET /api/Account/me': ME_OK });
    const plain = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init = {}) => {
      if (init.method !== 'POST') return plain(input, init);
      posts.push(JSON.parse(String(init.body)));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderButton();

    fireEvent.click(button());
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().hasAttribute('disabled')).toBe(false);
    fireEvent.click(button());
    fireEvent.click(button());
    expect(button().textContent).toBe(P.unfollow);
    expect(count()).toBe('11');
    await waitFor(() => expect(posts).toHaveLength(1));

    await act(async () => answer(new Response(JSON.stringify(followed(true, 11).body), { status: 200 })));
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button());
    expect(button().textContent).toBe(P.follow);
    expect(count()).toBe('10');
    await waitFor(() => expect(posts).toEqual([{ follow: true }, { follow: false }]));
  });

  it('goes back to "follow" and the old count when the request fails, and only logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK, [FOLLOW]: { status: 500, body: { message: 'Database down' } } });
    renderButton();
    fireEvent.click(button());
    expect(count()).toBe('11');
    await waitFor(() => expect(button().textContent).toBe(P.follow));
    expect(count()).toBe('10');
    expect(button().getAttribute('data-state')).toBe('notFollowing');
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Database down')).toBeNull();
  });

  it('sends a visitor to /login without calling the server', async () => {
    const { calls } = mockApi();
    const router = renderButton();
    fireEvent.click(button());
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not shown on your own account', () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK });
    renderButton({ userId: 7 });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
