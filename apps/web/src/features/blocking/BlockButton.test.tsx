import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fillText, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { SessionProvider } from '../../shared/session/SessionProvider';
import { BlockButton } from './BlockButton';

const B = messages.blocking;
const BLOCK = 'POST /api/User/block/9';
const UNBLOCK = 'DELETE /api/User/block/9';
const answered = (isBlocked: boolean): MockAnswer => ({
  body: { message: 'ok', data: { userId: 9, isBlocked } },
});

function renderButton({ initialBlocked = false, userId = 9 } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <BlockButton userId={userId} userName="sam" initialBlocked={initialBlocked} /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const button = () => screen.getByRole('button', { name: /@sam/ });
const sent = (calls: Array<{ method: string; path: string }>, call: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === call).length;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BlockButton', () => {
  it('asks first; cancelling sends nothing, confirming blocks and turns into Unblock', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': ME_OK, [BLOCK]: answered(true) });
    renderButton();
    expect(button().textContent).toBe(B.block);

    fireEvent.click(button());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(fillText(B.confirmBlock, { username: 'sam' }));
    fireEvent.click(screen.getByRole('button', { name: B.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent(calls, BLOCK)).toBe(0);

    fireEvent.click(button());
    fireEvent.click(await screen.findByRole('button', { name: B.block }));
    await waitFor(() => expect(button().textContent).toBe(B.unblock));
    expect(sent(calls, BLOCK)).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('unblocks after confirming, and shows the server’s text when it refuses', async () => {
    storeSession();
    const { calls } = mockApi({
      'GET /api/Account/me': ME_OK,
      [UNBLOCK]: { status: 404, body: { message: messages.profile.notFound } },
    });
    renderButton({ initialBlocked: true });
    expect(button().textContent).toBe(B.unblock);
    fireEvent.click(button());
    fireEvent.click(await screen.findByRole('button', { name: B.unblock }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.profile.notFound);
    expect(button().textContent).toBe(B.unblock);
    expect(sent(calls, UNBLOCK)).toBe(1);
  });

  it('is not shown on your own account', () => {
    storeSession({ userId: '9' });
    mockApi({ 'GET /api/Account/me': ME_OK });
    renderButton();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not shown to visitors', () => {
    mockApi();
    renderButton();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
