import { expect, test, type Page } from '@playwright/test';
import { accountMenu, expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { latestMailLink } from './mail';
import { registerThroughForm as register } from './people';

const password = 'Thrift1!';

async function logIn(page: Page, username: string, secret = password): Promise<void> {
  await page.getByLabel('username').fill(username);
  await page.getByLabel('password').fill(secret);
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await page.waitForURL('**/user-main');
}

test('a newcomer registers, logs in, changes the location and radius, and logs out', async ({
  page,
  request,
}) => {
  const username = uniqueName('thrifter');
  await register(page, username, password);

  await expect(page).toHaveTitle(/^Login - /);
  await expectAccessible(page);
  await logIn(page, username);

  // The address is not verified yet: the profile says where the link went, and nobody sees a badge.
  const address = `${username}@example.com`;
  await expect(
    page.getByText(`Please verify your e-mail address: open the link we sent to ${address}.`),
  ).toBeVisible();
  await expect(page.getByText('E-mail verified')).toHaveCount(0);
  await screenshotBothWidths(page, 'profile-verify-reminder');
  // The link from the captured e-mail, opened as a person opens it from their mail app.
  await expect.poll(() => latestMailLink(address, '/verify-email'), { timeout: 10_000 }).toBeTruthy();
  await page.goto(latestMailLink(address, '/verify-email')!);
  await expect(page.getByText('Your e-mail address is verified. Thank you!')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'email-verified');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await page.waitForURL('**/user-main');
  await expect(page.getByText('E-mail verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
  await screenshotBothWidths(page, 'profile-verified-badge');

  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const item of ['Marketplace', 'Sell', 'Followers', 'Messages', 'My Profile']) {
    await expect(accountMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(accountMenu(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(accountMenu(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(accountMenu(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);

  // The city chosen at registration is already the saved place; Change Location picks another one, stores it,
  // broadcasts it and closes the dialog.
  expect(await page.evaluate(() => localStorage.getItem('userAddress'))).toBe('Chicago, IL');
  await page.getByRole('button', { name: /Chicago, IL/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'location-dialog');
  await dialog.getByPlaceholder('Enter your city').fill('Austin');
  await dialog.getByRole('option', { name: 'Austin, TX', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Austin, TX/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userAddress'))).toBe('Austin, TX');
  expect(Number(await page.evaluate(() => localStorage.getItem('userLat')))).toBeCloseTo(30.27, 1);

  await page.getByRole('button', { name: /Austin, TX/ }).click();
  await dialog.getByLabel('Location Radius (miles)').fill('10');
  await dialog.getByRole('button', { name: 'Update Radius' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('userRadius'))).toBe('10');

  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await accountMenu(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // The token was revoked on the server, not just forgotten by the browser.
  const me = await request.get('/api/Account/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});
