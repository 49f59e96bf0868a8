import { expect, test } from '@playwright/test';
import { accountMenu, expectAccessible, screenshotBothWidths } from './support';

test('home shows the hero search, category chips and the footer links', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Rummage - Official Site');
  await expect(page.getByPlaceholder('thrift anything nearby!')).toBeVisible();
  for (const category of ['Clothes', 'Furniture', 'Jewelry']) {
    await expect(page.getByRole('link', { name: category, exact: true })).toBeVisible();
  }
  const footer = page.getByRole('contentinfo');
  for (const link of ['terms of services', 'marketplace', 'support']) {
    await expect(footer.getByRole('link', { name: link })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshotBothWidths(page, 'home');

  await page.getByPlaceholder('thrift anything nearby!').fill('lamp');
  await page.getByRole('button', { name: 'search' }).click();
  await page.waitForURL('**/marketplace?search=lamp');
  await expect(page).toHaveTitle('Marketplace - Rummage');
  await expectAccessible(page);
  await screenshotBothWidths(page, 'marketplace');
});

test('the guest menu offers Marketplace, Sell and Login, and closes on an outside click', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const item of ['Marketplace', 'Sell', 'Login']) {
    await expect(accountMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await page.mouse.click(5, 400);
  await expect(accountMenu(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('the terms page has every section and its breadcrumb', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('Terms of Service');
  await expect(page.getByText(/15 years/).first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'terms');
});

test('the accessibility statement answers 200 and is one click from the footer', async ({
  page,
  request,
}) => {
  const direct = await request.get('/accessibility', { headers: { accept: 'text/html' } });
  expect(direct.status()).toBe(200);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'accessibility' }).click();
  await page.waitForURL('**/accessibility');
  await expect(page).toHaveTitle('Accessibility - Rummage');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  for (const heading of ['How we test', 'Known limitations', 'Report a barrier'])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'accessibility');
});
