import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** Demo accounts seeded by `npm start` (and the e2e server); none is staff or admin. */
export const DEMO = {
  demo: { username: 'demo', password: 'Demo123!' },
  alice: { username: 'alice', password: 'Alice123!' },
  bob: { username: 'bob', password: 'Bob12345!' },
} as const;

/**
 * The installation's admin, created at the e2e server's start from ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD
 * (playwright.config.ts), the way an operator creates the first admin of a container.
 */
export const OPERATOR_ADMIN = {
  username: 'operator',
  email: 'operator@rummage.test',
  password: 'E2e-Operator-24!',
} as const;

/** Logs in through the form, as a person does; the app lands on the own profile. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('username').fill(username);
  await page.getByLabel('password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).last().click();
  await page.waitForURL('**/user-main');
}

/** Signs in through the API (setup only; the person's own journey goes through the pages). */
export async function tokenFor(request: APIRequestContext, userName: string, password: string) {
  const response = await request.post('/api/Account/user-login', { data: { userName, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { authToken: string; id: number } }).data;
}

/** What a journey's setup lists: one photo, picked up in Chicago (the demo people's city). */
export interface ListingSetup {
  title: string;
  description: string;
  /** As the form's field takes it: "35", "12.50". */
  price: string;
  minimumOffer?: string;
  photo: Buffer;
}

/** Lists an item through the API as `token`'s owner (setup only; the listing journeys go through the form). */
export async function listThroughApi(
  request: APIRequestContext,
  token: string,
  listing: ListingSetup,
): Promise<number> {
  const response = await request.post('/api/Product/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      Title: listing.title,
      Description: listing.description,
      Price: listing.price,
      ...(listing.minimumOffer !== undefined && { MinimumOffer: listing.minimumOffer }),
      Latitude: '41.8781',
      Longitude: '-87.6298',
      Images: { name: 'photo.png', mimeType: 'image/png', buffer: listing.photo },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A second person: a browser context of its own (own storage, own session). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Registers through the form in Chicago, solving the ALTCHA widget in the browser; ends on /login. */
export async function registerThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/register');
  await expect(page).toHaveTitle('Register');
  await page.getByLabel('username').fill(username);
  await page.getByLabel('email').fill(`${username}@example.com`);
  await page.getByLabel('password').fill(password);
  await page.getByLabel('phone number').fill('4155552671');
  const location = page.getByRole('combobox', { name: 'location' });
  await location.fill('Chicago');
  await page.getByRole('option', { name: 'Chicago, IL', exact: true }).click();
  await expect(location).toHaveValue('Chicago, IL');
  // The ALTCHA widget solves its proof of work in the browser, as it does for a person.
  // A person clicks the widget's label; the box itself sits under a decorative tick icon.
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 20_000 });
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Register' }).last().click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await page.waitForURL('**/login', { timeout: 5_000 });
}

/** A listing as the public feed answers it (the fields the journeys use). */
export interface FeedListing {
  productId: number;
  title: string;
  userId: number;
  userName: string;
}

/**
 * One of a demo seller's public listings, from the feed's first page: the first by default, or the last (so two
 * journeys working on one seller's listings leave each other's alone; a hidden one is not on the feed).
 */
export async function listingBy(
  request: APIRequestContext,
  userName: string,
  which: 'first' | 'last' = 'first',
): Promise<FeedListing> {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: FeedListing[] };
  const theirs = data.filter((product) => product.userName === userName);
  const listing = which === 'first' ? theirs[0] : theirs.at(-1);
  expect(listing, `a demo listing by ${userName}`).toBeTruthy();
  return listing!;
}
