import { options } from 'preact';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { clearSession } from '../../shared/session/storage';
import LoginPage from './LoginPage';

const LOGIN_OK = {
  body: {
    message: 'Login successful!',
    data: { authToken: 'fresh-token', id: 7, username: 'maria', imageUrl: null, coverPhotoUrl: null },
  },
};

async function openLogin() {
  const user = userEvent.setup();
  const app = renderApp('/login');
  const username = await screen.findByLabelText(messages.login.username);
  const password = screen.getByLabelText(messages.login.password);
  const submit = screen.getByRole('button', { name: 'Log In' });
  return { user, app, username, password, submit };
}

describe('login page', () => {
  it('has tabs to /login and /register, a reset link, the SPEC title and no serious axe findings', async () => {
    mockApi();
    await openLogin();
    expect(screen.getByRole('link', { name: messages.register.tabLogin }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('link', { name: messages.register.tabRegister }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: messages.login.resetPassword }).getAttribute('href')).toBe(
      '/reset-password',
    );
    await waitFor(() => expect(document.title).toBe('Login - Rummage'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('highlights the failing fields and says "Please fill all the fields properly"', async () => {
    const { calls } = mockApi();
    const { user, username, password, submit } = await openLogin();
    await user.type(username, 'ab');
    await user.type(password, 'secret1');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toContain(messages.login.fillFieldsProperly);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((call) => call.path === '/api/Account/user-login')).toBe(false);
  });

  it('shows the server message in a banner that can be dismissed', async () => {
    mockApi({
      'POST /api/Account/user-login': { status: 401, body: { message: 'Invalid username or password.' } },
    });
    const { user, username, password, submit } = await openLogin();
    await user.type(username, 'maria');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username or password.');
    await user.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the SPEC text when the server gives no message', async () => {
    mockApi({ 'POST /api/Account/user-login': { status: 500 } });
    const { user, username, password, submit } = await openLogin();
    await user.type(username, 'maria');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.login.failed);
  });

  it('says "Unexpected error" when a success carries no token', async () => {
    mockApi({ 'POST /api/Account/user-login': { body: { message: 'ok', data: { id: 7 } } } });
    const { user, username, password, submit } = await openLogin();
    await user.type(username, 'maria');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.login.unexpected);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('stores the session and goes to /user-main on success', async () => {
    const { calls } = mockApi({ 'POST /api/Account/user-login': LOGIN_OK, 'GET /api/Account/me': ME_OK });
    const { user, app, username, password, submit } = await openLogin();
    await user.type(username, '  maria ');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'));
    expect(localStorage.getItem('authToken')).toBe('fresh-token');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('username')).toBe('maria');
    expect(calls.find((call) => call.path === '/api/Account/user-login')?.body).toEqual({
      userName: 'maria',
      password: 'Secret1!',
    });
    expect(await screen.findByRole('heading', { name: '@maria' })).toBeTruthy();
  });

  it('says the account was deleted when that word arrives after the page, as when the hub ended the session first', async () => {
    mockApi();
    await openLogin();
    expect(screen.queryByText(messages.accountData.deleted)).toBeNull();
    act(() => clearSession(messages.accountData.deleted));
    expect((await screen.findByRole('status')).textContent).toContain(messages.accountData.deleted);
  });

  it('says the account was deleted when that word arrives between the page’s first render and its effects', async () => {
    mockApi();
    // The answer to the deletion lands in the gap Preact leaves between rendering the page and running its effects.
    const diffed = options.diffed;
    let arrived = false;
    options.diffed = (vnode) => {
      diffed?.(vnode);
      if (!arrived && vnode.type === LoginPage) {
        arrived = true;
        clearSession(messages.accountData.deleted);
      }
    };
    try {
      await openLogin();
      expect(arrived).toBe(true);
      expect((await screen.findByRole('status')).textContent).toContain(messages.accountData.deleted);
    } finally {
      options.diffed = diffed;
    }
  });
});
