import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe('password reset request', () => {
  it('rejects an invalid email without calling the server', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup();
    renderApp('/reset-password');
    await user.type(await screen.findByLabelText('email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: messages.passwordReset.requestButton }));
    expect(screen.getByText(messages.passwordReset.emailInvalid)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/Account/send-password-reset-link')).toBe(false);
  });

  it('after success disables email and button and shows the confirmation', async () => {
    const { calls } = mockApi({ 'POST /api/Account/send-password-reset-link': { body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderApp('/reset-password');
    const email = await screen.findByLabelText('email');
    await user.type(email, 'maria@example.com');
    await user.click(screen.getByRole('button', { name: messages.passwordReset.requestButton }));
    expect(await screen.findByText(messages.passwordReset.sent)).toBeTruthy();
    expect(email).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: messages.passwordReset.requestButton })).toHaveProperty(
      'disabled',
      true,
    );
    expect(calls.find((call) => call.path === '/api/Account/send-password-reset-link')?.body).toEqual({
      email: 'maria@example.com',
    });
  });

  it('shows the server message, else the SPEC fallback', async () => {
    mockApi({ 'POST /api/Account/send-password-reset-link': { status: 502 } });
    const user = userEvent.setup();
    renderApp('/reset-password');
    await user.type(await screen.findByLabelText('email'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: messages.passwordReset.requestButton }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.passwordReset.failed);
  });
});

describe('new password', () => {
  it('without a token says the link is invalid and offers a new one', async () => {
    mockApi();
    renderApp('/reset-password/new');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.passwordReset.tokenInvalid);
    expect(screen.getByLabelText('new password')).toHaveProperty('disabled', true);
  });

  it('checks the password rule and the confirmation', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/reset-password/new?token=abc');
    await user.type(await screen.findByLabelText('new password'), 'weak');
    await user.type(screen.getByLabelText('confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(messages.register.passwordRule)).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
  });

  it('sends token and password, confirms, then goes to /login', async () => {
    const { calls } = mockApi({ 'POST /api/Account/reset-password': { body: { message: 'ok' } } });
    const user = userEvent.setup();
    const { router } = renderApp('/reset-password/new?token=abc');
    await user.type(await screen.findByLabelText('new password'), 'Secret1!');
    await user.type(screen.getByLabelText('confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(messages.passwordReset.passwordChanged)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/Account/reset-password')?.body).toEqual({
      token: 'abc',
      password: 'Secret1!',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it('shows the server message for an expired token', async () => {
    mockApi({
      'POST /api/Account/reset-password': {
        status: 400,
        body: { message: messages.passwordReset.tokenInvalid },
      },
    });
    const user = userEvent.setup();
    renderApp('/reset-password/new?token=old');
    await user.type(await screen.findByLabelText('new password'), 'Secret1!');
    await user.type(screen.getByLabelText('confirm password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.passwordReset.tokenInvalid);
  });
});
