import { expect, test } from '@playwright/test';
import { latestMailLink } from './mail';
import { registerThroughForm } from './people';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

const latestResetLink = (to: string) => latestMailLink(to, '/reset-password/new');

test('a member resets a forgotten password through the e-mailed link', async ({ page }) => {
  // A member of its own, so no other journey's sign-in depends on this one's new password.
  const username = uniqueName('forgetful');
  const address = `${username}@example.com`;
  await registerThroughForm(page, username, 'Forgot123!');
  await page.goto('/login');
  await page.getByRole('link', { name: /reset password/i }).click();
  await page.waitForURL('**/reset-password');
  const email = page.getByLabel(/email/i);
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Request reset link' }).click();
  await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();

  await email.fill(address);
  await page.getByRole('button', { name: 'Request reset link' }).click();
  await expect(page.getByText('Reset instructions sent. Please check your email.')).toBeVisible();
  await expect(email).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Request reset link' })).toBeDisabled();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'reset-request');

  await expect.poll(() => latestResetLink(address), { timeout: 10_000 }).toBeTruthy();
  const link = latestResetLink(address)!;
  await page.goto(link);
  await page.getByLabel('new password').fill('Fresh123!');
  await page.getByLabel('confirm password').fill('Fresh123!');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed. Please log in.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('username').fill(username);
  await page.getByLabel('password').fill('Fresh123!');
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await page.waitForURL('**/user-main');

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('new password').fill('Other123!');
  await page.getByLabel('confirm password').fill('Other123!');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
