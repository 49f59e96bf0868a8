import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { gradientPng } from './photos';
import { DEMO, OPERATOR_ADMIN, signIn } from './people';

const SHOTS = join(import.meta.dirname, '..', '.artifacts', 'screenshots');

/** The site's header, which sticks to the top once the page scrolls. */
const siteHeader = (page: Page) => page.locator('header[data-sticky]');

/** Whether `target` sits wholly below the sticky header and inside the viewport, as a person sees it. */
async function expectBelowHeader(page: Page, target: Locator): Promise<void> {
  const header = await siteHeader(page).boundingBox();
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(header && box, 'header and target on screen').toBeTruthy();
  expect(box!.y, 'top below the sticky header').toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(box!.y + box!.height, 'bottom inside the viewport').toBeLessThanOrEqual(viewport.height);
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('a long unbroken title: the form says what is missing below the sticky header, and the listing fits 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.demo.username, DEMO.demo.password);
  await page.goto('/create-product');
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'long.png', mimeType: 'image/png', buffer: gradientPng(640, 480, [90, 140, 60], [20, 30, 10]) },
    ]);
  await page.getByLabel('price').fill('5');
  await page.getByRole('combobox', { name: 'pickup location' }).fill('Chicago');
  await page.getByRole('option', { name: 'Chicago, IL', exact: true }).click();

  // The title scrolled up just under the sticky header, the form is sent with Enter from the price field: focus
  // goes back to the title, which the browser counts as on screen, so only scroll-padding keeps it (and its
  // message) from staying under the header.
  const post = page.getByRole('button', { name: 'post listing' });
  await page.evaluate(() => {
    const field = document.getElementById('listing-title')!;
    const top = field.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - 70, behavior: 'instant' });
    document.getElementById('listing-price')!.focus({ preventScroll: true });
  });
  await page.keyboard.press('Enter');
  const title = page.getByRole('textbox', { name: 'title' });
  await expect(title).toBeFocused();
  const error = page.locator('#listing-title-error');
  await expect(error).toHaveText('Please fill all the fields properly.');
  await expect(siteHeader(page)).toHaveAttribute('data-sticky', 'true');
  await expectBelowHeader(page, page.locator('label[for="listing-title"]'));
  await expectBelowHeader(page, error);
  await page.screenshot({ path: join(SHOTS, 'create-listing-title-error-375.png') });

  // The field takes the contract's 80 characters and no more, and says so.
  const word = `Unbreakable${uniqueName('x')}`.padEnd(100, 'x');
  await title.fill(word);
  await expect(title).toHaveValue(word.slice(0, 80));
  await expect(page.getByText('80 of 80 characters')).toBeVisible();
  await expectAccessible(page);
  await post.click();
  await page.waitForURL('**/user-main', { timeout: 30_000 });

  const link = page.getByRole('link', { name: word.slice(0, 80), exact: true });
  await link.click();
  await page.waitForURL('**/product-detail/*');
  await expect(page.getByRole('heading', { level: 1, name: word.slice(0, 80) })).toBeVisible();
  expect(await pageWidth(page), 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'product-detail-long-title');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/user-main');
  await expect(page.getByRole('link', { name: word.slice(0, 80), exact: true })).toBeVisible();
  expect(await pageWidth(page), 'the profile fits 375 px with the title on a card').toBeLessThanOrEqual(375);
});

interface SaleRow {
  id: number;
  userId: number;
}

/** Rows of a list answer, whether bare or under `data`. */
async function rows<T>(answer: Promise<{ json(): Promise<unknown> }>): Promise<T[]> {
  const body = (await (await answer).json()) as T[] | { data: T[] };
  return Array.isArray(body) ? body : body.data;
}

test('garage-sale detail at 1280 px: the host card and their other sales and items stay together', async ({
  page,
  request,
}) => {
  // A host with little else on offer: their column is shorter than the sale's countdown, items and map, which is
  // where the two used to be pulled apart.
  const sales = await rows<SaleRow>(request.get('/api/Marketplace/garage-sales'));
  let chosen: SaleRow | undefined;
  let shortest = Infinity;
  for (const sale of sales) {
    const others = (await rows<SaleRow>(request.get(`/api/GarageSale/user/${sale.userId}`))).length - 1;
    const items = (await rows<unknown>(request.get(`/api/Product/unsold/user/${sale.userId}`))).length;
    const rowsShown = Math.ceil(Math.min(others, 4) / 2) + Math.ceil(Math.min(items, 4) / 2);
    if (others + items > 0 && rowsShown < shortest) [chosen, shortest] = [sale, rowsShown];
  }
  expect(chosen, 'a demo garage sale whose host has more to show').toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/garage/${chosen!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Garage Sale in/ })).toBeVisible();
  const more = page
    .getByRole('heading', { level: 2, name: /^(More garage sales from|For sale by) @/ })
    .first();
  await expect(more).toBeVisible();

  const host = await page.getByRole('region', { name: 'host', exact: true }).boundingBox();
  const moreBox = await more.boundingBox();
  // The column's own gap (24 px), not the height of the sale's countdown, map and items beside it.
  expect(moreBox!.y - (host!.y + host!.height)).toBeLessThanOrEqual(32);

  await expectAccessible(page);
  await screenshotBothWidths(page, 'garage-detail-host-column');
});

test('the staff console keeps its headings in order on every tab (axe, moderate rules too)', async ({
  page,
}) => {
  await signIn(page, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const tab of ['Tickets', 'Reports', 'Users', 'Log']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const found = (await axeViolations(page))
      .filter((v) => v.impact !== 'minor')
      .map((v) => `${tab}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found).toEqual([]);
    await screenshotBothWidths(page, `staff-${tab.toLowerCase()}`);
  }
});
