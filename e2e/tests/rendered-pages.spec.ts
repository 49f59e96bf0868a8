import { expect, test } from '@playwright/test';
import { apiCalls, newestListing } from './rendered';
import { screenshotBothWidths } from './support';

/**
 * The marketplace and listings come from the server rendered with their data (docs/decisions/0007): the photo is
 * in the HTML, and the app takes the page over without asking for that data again.
 */
test('a shared listing’s photo, title and price are in its HTML, readable before any script runs', async ({
  browser,
  request,
}) => {
  const listing = await newestListing(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The share link (docs/product.md §2) is redirected by the server, so it works without the app too.
  await page.goto(`/product/${listing.id}`);
  await expect(page).toHaveURL(new RegExp(`/product-detail/${listing.id}$`));

  await expect(page).toHaveTitle(`${listing.title} - Rummage`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  const photo = page.locator(`img[src="${listing.images[0]}"]`);
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // A shared link previews the listing.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', listing.title);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', listing.images[0]!);
  await context.close();
});

test('the marketplace arrives with its first listings, and the app carries on from them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const calls = apiCalls(page);
  await page.goto('/marketplace');
  // Listing cards (the garage sales above them are cards too).
  const cards = page.getByRole('main').locator('article:has(a[href^="/product-detail/"])');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(12);
  await page.waitForLoadState('networkidle');
  // The first page came with the HTML; the app did not ask for it again.
  expect(calls.filter((call) => call.startsWith('/api/Marketplace/products'))).toEqual([]);

  // Scrolling on loads page 2 of the same snapshot: new cards, none twice.
  await page.mouse.wheel(0, 20_000);
  await expect.poll(() => cards.count()).toBeGreaterThan(12);
  const page2 = calls.find((call) => call.includes('page=2'));
  expect(page2).toContain('before=');
  const links = await cards
    .locator('a[href^="/product-detail/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
});

test('the app takes a rendered listing over: a visitor’s like asks them to log in', async ({
  page,
  request,
}) => {
  const listing = await newestListing(request);
  const calls = apiCalls(page);
  await page.goto(`/product-detail/${listing.id}`);
  await page.getByRole('button', { name: /like/i }).first().click();
  await expect(page.getByText('Alert! Please login first.')).toBeVisible();
  expect(calls).not.toContain(`/api/Product/${listing.id}`);
  await screenshotBothWidths(page, 'listing-rendered');
});
