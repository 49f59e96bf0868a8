import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './people';
import { apiCalls, newestListing, type Card } from './rendered';
import { uniqueName } from './support';

/**
 * Pages rendered with their data, read by someone signed in (docs/decisions/0007): their own view, and what they
 * type before the app takes the page over.
 */
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
