import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn } from './people';
import { screenshotBothWidths, uniqueName } from './support';

/**
 * The marketplace and listings come from the server rendered with their data (docs/decisions/0007): the photo is
 * in the HTML, and the app takes the page over without asking for that data again.
 */
interface Card {
  id: number;
  title: string;
  images: string[];
}

async function newestListing(request: APIRequestContext): Promise<Card> {
  const feed = await request.get('/api/Marketplace/products?pageSize=1');
  const [listing] = ((await feed.json()) as { data: Card[] }).data;
  expect(listing, 'a demo listing').toBeTruthy();
  return listing!;
}

/** The API calls the page makes from now on (paths with their query). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

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

test('a signed-in reader gets their own view, and a saved place its own marketplace', async ({
  page,
  request,
}) => {
  const listing = await newestListing(request);
  await signIn(page, DEMO.alice.username, DEMO.alice.password);
  const calls = apiCalls(page);
  await page.goto(`/product-detail/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  // The HTML is the visitor's view: the app asks again with Alice's token (her likes, her follows).
  await expect.poll(() => calls).toContain(`/api/Product/${listing.id}`);

  await page.evaluate(() => {
    localStorage.setItem('userLat', '41.8781');
    localStorage.setItem('userLng', '-87.6298');
    localStorage.setItem('userAddress', 'Chicago, IL');
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The app flagged the saved place: the marketplace now comes without the newcomer's listings.
  const html = await (await page.request.get('/marketplace', { headers: { accept: 'text/html' } })).text();
  expect(html).not.toContain('rummage-page-state');
  await page.goto('/marketplace');
  await expect.poll(() => calls.some((call) => /products\?.*latitude=41\.8781/.test(call))).toBe(true);
});

test('what a signed-in reader types and sends before the app takes over is what the seller gets', async ({
  page,
  request,
}) => {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: Array<Card & { userId: number; userName: string }> };
  const listing = data.find((card) => card.userName !== DEMO.bob.username);
  expect(listing, 'a listing Bob does not sell').toBeTruthy();
  await signIn(page, DEMO.bob.username, DEMO.bob.password);

  // The app's code, and then Bob's own copy of the listing, arrive only when the test lets them.
  let letAppIn = () => undefined as void;
  const appHeld = new Promise<void>((resolve) => (letAppIn = resolve));
  let letDataIn = () => undefined as void;
  const dataHeld = new Promise<void>((resolve) => (letDataIn = resolve));
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.route(`**/api/Product/${listing!.id}`, async (route) => {
    await dataHeld;
    await route.continue();
  });

  await page.goto(`/product-detail/${listing!.id}`, { waitUntil: 'domcontentloaded' });
  const question = `Do the chairs come with it? (${uniqueName('early')})`;
  await page.getByLabel('Message the seller').fill(question);
  await page.getByRole('button', { name: 'send', exact: true }).click();

  // The app takes over from the page it was painted with: no spinner while Bob's own copy is on its way, and
  // what he typed and sent meanwhile goes out as he wrote it.
  letAppIn();
  await expect(page.getByText('Your message has been sent!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: listing!.title })).toBeVisible();
  letDataIn();
  await page.goto(`/chat/${listing!.userId}/${listing!.id}`);
  await expect(page.getByText(question)).toBeVisible();
});

test('a reader typing while the app takes the page over goes on typing in the same field', async ({
  page,
  request,
}) => {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: Array<Card & { userId: number; userName: string }> };
  const listing = data.filter((card) => card.userName !== DEMO.bob.username).at(-1);
  expect(listing, 'a listing Bob does not sell').toBeTruthy();
  await signIn(page, DEMO.bob.username, DEMO.bob.password);
  let letAppIn = () => undefined as void;
  const appHeld = new Promise<void>((resolve) => (letAppIn = resolve));
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });

  await page.goto(`/product-detail/${listing!.id}`, { waitUntil: 'domcontentloaded' });
  const box = page.getByLabel('Message the seller');
  await box.click();
  await box.press('ControlOrMeta+a');
  await page.keyboard.type('Is it still ');
  const painted = await box.elementHandle();

  // The app replaces the painted field with its own while Bob is in it; his next keys go on where he stopped.
  letAppIn();
  await page.waitForFunction((field) => !field?.isConnected, painted);
  const question = `Is it still there? (${uniqueName('caret')})`;
  await page.keyboard.type(question.slice('Is it still '.length));
  await expect(box).toHaveValue(question);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your message has been sent!')).toBeVisible();
  await page.goto(`/chat/${listing!.userId}/${listing!.id}`);
  await expect(page.getByText(question)).toBeVisible();
});
