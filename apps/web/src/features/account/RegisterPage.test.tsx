import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rummage/contract';
import { mockApi, TEST_CONFIG } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

const CITY = {
  name: 'Springfield',
  state: 'IL',
  region: 'IL',
  country: 'US',
  countryName: 'United States',
  label: 'Springfield, IL',
  latitude: 39.78,
  longitude: -89.65,
  population: 100_000,
};

async function openRegister() {
  const user = userEvent.setup();
  const app = renderApp('/register');
  await screen.findByLabelText(messages.login.username);
  return { user, app };
}

/** The error text tied to a field through aria-describedby. */
function errorOf(label: string | RegExp): string | null {
  const field = screen.getByLabelText(label, { selector: 'input' });
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function chooseCity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox'), 'Spring');
  const option = await screen.findByRole('option', { name: CITY.label });
  fireEvent.mouseDown(option);
  fireEvent.click(option);
}

describe('register page', () => {
  it('shows every docs/product.md §5 message under its own field when submitted empty', async () => {
    const altchaConfig = { data: { ...TEST_CONFIG.data, captcha: { provider: 'altcha' } } };
    const { calls } = mockApi({ 'GET /api/Config': { body: altchaConfig } });
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(messages.login.username)).toBe(messages.register.usernameRequired);
    expect(errorOf('email')).toBe(messages.register.emailInvalid);
    expect(errorOf(messages.login.password)).toBe(messages.register.passwordRule);
    expect(errorOf('phone number')).toBe(messages.register.phoneRequired);
    expect(screen.getByText(messages.register.locationRequired)).toBeTruthy();
    expect(screen.getByText(messages.register.captchaRequired)).toBeTruthy();
    expect(screen.getByText(messages.register.termsRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/Account/register')).toBe(false);
  });

  it('explains a username with symbols and a too-short phone number', async () => {
    mockApi();
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(messages.login.username), 'maria!');
    await user.type(screen.getByLabelText('phone number'), '55512');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(messages.login.username)).toBe(messages.register.usernameChars);
    expect(errorOf('phone number')).toBe(messages.register.phoneInvalid);
    // provider "none": no widget and no captcha message.
    expect(screen.queryByText(messages.register.captchaRequired)).toBeNull();
  });

  it('formats the phone number as it is typed (US)', async () => {
    mockApi();
    const { user } = await openRegister();
    const phone = screen.getByLabelText('phone number');
    await user.type(phone, '2025550123');
    expect((phone as HTMLInputElement).value).toBe('(202) 555-0123');
  });

  it('keeps phone text it cannot format, and explains it on submit', async () => {
    mockApi();
    const { user } = await openRegister();
    const phone = screen.getByLabelText('phone number');
    await user.click(phone);
    await user.paste('call me 4155552671');
    expect((phone as HTMLInputElement).value).toBe('call me 4155552671');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('phone number')).toBe(messages.register.phoneInvalid);
  });

  it('sends the SPEC payload, says "Registration successful!" and goes to /login after 2 s', async () => {
    const { calls } = mockApi({
      'GET /api/Geo/cities': { body: { data: [CITY] } },
      'POST /api/Account/register': {
        status: 201,
        body: { message: 'ok', data: { id: 9, username: 'maria' } },
      },
    });
    const { user, app } = await openRegister();
    await user.type(screen.getByLabelText(messages.login.username), 'maria');
    await user.type(screen.getByLabelText('email'), 'maria@example.com');
    await user.type(screen.getByLabelText(messages.login.password), 'Secret1!');
    await user.type(screen.getByLabelText('phone number'), '2025550123');
    await chooseCity(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.register.success)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/Account/register')?.body).toEqual({
      userName: 'maria',
      email: 'maria@example.com',
      password: 'Secret1!',
      phoneNumber: '+12025550123',
      latitude: CITY.latitude,
      longitude: CITY.longitude,
      address: CITY.label,
      isCaptchaVerified: true,
      captchaToken: '',
      acceptTerms: true,
    });
    expect(app.router.state.location.pathname).toBe('/register');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it('keeps the city chosen at registration as the saved location', async () => {
    mockApi({
      'GET /api/Geo/cities': { body: { data: [CITY] } },
      'POST /api/Account/register': {
        status: 201,
        body: { message: 'ok', data: { id: 9, username: 'maria' } },
      },
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(messages.login.username), 'maria');
    await user.type(screen.getByLabelText('email'), 'maria@example.com');
    await user.type(screen.getByLabelText(messages.login.password), 'Secret1!');
    await user.type(screen.getByLabelText('phone number'), '2025550123');
    await chooseCity(user);
    // Choosing is not saving: only a registration that went through keeps the city.
    expect(localStorage.getItem('userAddress')).toBeNull();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.register.success)).toBeTruthy();
    // The saved location's keys (docs/product.md §3), which the header and every list read.
    expect(localStorage.getItem('userAddress')).toBe(CITY.label);
    expect(Number(localStorage.getItem('userLat'))).toBe(CITY.latitude);
    expect(Number(localStorage.getItem('userLng'))).toBe(CITY.longitude);
  });

  it('shows the server message as a banner and its field errors under the fields', async () => {
    mockApi({
      'GET /api/Geo/cities': { body: { data: [CITY] } },
      'POST /api/Account/register': {
        status: 409,
        body: {
          message: messages.register.usernameTaken,
          errors: { userName: messages.register.usernameTaken },
        },
      },
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(messages.login.username), 'maria');
    await user.type(screen.getByLabelText('email'), 'maria@example.com');
    await user.type(screen.getByLabelText(messages.login.password), 'Secret1!');
    await user.type(screen.getByLabelText('phone number'), '2025550123');
    await chooseCity(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(messages.register.usernameTaken)).toBeTruthy();
    expect(errorOf(messages.login.username)).toBe(messages.register.usernameTaken);
  });

  it('falls back to the SPEC text when registration fails without a message', async () => {
    mockApi({
      'GET /api/Geo/cities': { body: { data: [CITY] } },
      'POST /api/Account/register': { status: 500 },
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText(messages.login.username), 'maria');
    await user.type(screen.getByLabelText('email'), 'maria@example.com');
    await user.type(screen.getByLabelText(messages.login.password), 'Secret1!');
    await user.type(screen.getByLabelText('phone number'), '2025550123');
    await chooseCity(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.register.failed);
  });

  it('links the terms and has no serious axe findings', async () => {
    mockApi();
    await openRegister();
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms');
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
