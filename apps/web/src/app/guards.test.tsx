import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../test/api';
import { renderApp } from '../test/renderApp';

describe('route guards', () => {
  it('sends a visitor without a token from a protected page to /login', async () => {
    mockApi();
    const { router } = renderApp('/messages');
    expect(await screen.findByLabelText(messages.login.username)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends someone with a stored token away from /login to /', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: messages.home.tagline })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a protected page once the stored token checks out', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK });
    const { router } = renderApp('/followers');
    expect(await screen.findByRole('heading', { name: messages.followers.heading })).toBeTruthy();
    expect(await screen.findByText(messages.followers.emptyTitle)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/followers');
  });

  it('forgets a token the server rejects and goes to /login', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': { status: 401, body: { message: 'Please log in to continue.' } } });
    const { router } = renderApp('/support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('keeps the session when the check fails for another reason (server down)', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': { status: 503, body: { message: 'down' } } });
    renderApp('/support');
    expect(await screen.findByRole('heading', { name: messages.support.title })).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('token-123');
  });

  it('redirects the share link /product/{id} to /product-detail/{id}', async () => {
    mockApi();
    const { router } = renderApp('/product/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-detail/42'));
  });

  it('shows the not-found page for unknown paths', async () => {
    mockApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: messages.common.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.common.goToHome }).getAttribute('href')).toBe('/');
  });
});
