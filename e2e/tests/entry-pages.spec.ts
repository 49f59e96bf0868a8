import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotBothWidths } from './support';

// The pages a visitor comes in by: the forms' own refusals, the guards in front of signed-in pages, and the page
// for an address that does not exist. A newcomer's whole way in is accounts.spec.ts.

test('registration shows every SPEC message for an empty form', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).last().click();
  for (const text of [
    'Username is required.',
    'Location is required.',
    'Please enter a valid email.',
    'Password must be at least 6 characters and contain an uppercase letter, a number and one non alphanumeric character.',
    'Phone number is required.',
    'Please verify you are not a robot.',
    'You must accept the terms and conditions.',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshotBothWidths(page, 'register-errors');
});

test('login refuses bad credentials with a readable banner that can be dismissed', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await expect(page.getByText('Please fill all the fields properly', { exact: true })).toBeVisible();
  await page.getByLabel('username').fill('demo');
  await page.getByLabel('password').fill('Wrong123!');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  const banner = page.getByRole('alert').filter({ hasText: 'Invalid username or password.' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button').click();
  await expect(banner).toBeHidden();
  await screenshotBothWidths(page, 'login');
});

test('protected routes send visitors to the login page, and /login sends signed-in people home', async ({
  page,
}) => {
  for (const path of ['/messages', '/create-product', '/user-main', '/support', '/followers']) {
    await page.goto(path);
    await page.waitForURL('**/login');
  }
  await page.getByLabel('username').fill('demo');
  await page.getByLabel('password').fill('Demo123!');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await page.waitForURL('**/user-main');
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname === '/');
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The status tells crawlers and monitors the truth; the person still gets the app's page.
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops this page does not exist')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'not-found');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page).toHaveTitle(/ - Official Site$/);
});
