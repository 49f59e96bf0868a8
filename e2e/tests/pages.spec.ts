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

test('a link followed while offline says the device is offline, then the page loads once back online', async ({
  page,
  context,
}) => {
  // The marketplace was open before, so its code is at hand; a search's listings are not.
  await page.goto('/marketplace');
  await expect(page.locator('a[href^="/product-detail/"]').first()).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Rummage' }).click();
  const chip = page.getByRole('link', { name: 'Furniture', exact: true });
  await expect(chip).toBeVisible();
  await context.setOffline(true);
  await chip.click();
  await page.waitForURL('**/marketplace?search=Furniture');
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(notice).toContainText('Rummage needs a connection for this page.');
  await expect(page.getByText('Loading listings')).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Loading listings')).toHaveCount(0);
});
