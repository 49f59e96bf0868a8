import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, newPage, registerThroughForm, signIn } from './people';

const phonePhoto = join(import.meta.dirname, '..', 'fixtures', 'phone-photo-with-gps.jpg');

/** A demo seller's id, read from the public feed as any visitor could. */
async function sellerId(request: APIRequestContext, userName: string): Promise<number> {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: { userId: number; userName: string }[] };
  const listing = data.find((product) => product.userName === userName);
  expect(listing, `a demo listing by ${userName}`).toBeTruthy();
  return listing!.userId;
}

test('a newcomer edits their profile, uploads a phone photo without its GPS, and follows a seller who sees them', async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueName('maker');
  const password = 'Thrift1!';
  await registerThroughForm(page, username, password);
  await signIn(page, username, password);

  // Edit profile: a new name, e-mail and town; the profile shows them.
  await page.goto('/edit-profile');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  const renamed = `${username}x`;
  await page.getByLabel('Username').fill(renamed);
  await page.getByLabel('Email').fill(`${renamed}@example.org`);
  await page.getByRole('combobox', { name: 'Address' }).fill('Evanston');
  await page.getByRole('option', { name: 'Evanston, IL', exact: true }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await page.goto('/user-main');
  await expect(page.getByText(`@${renamed}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Evanston, IL').first()).toBeVisible();

  // A phone photo carries GPS in its EXIF; the stored picture must not.
  await page.getByTestId('profile-photo-input').setInputFiles(phonePhoto);
  const uploaded = page.getByText('Profile photo uploaded successfully!');
  await expect(uploaded).toBeVisible();
  const photo = page.getByRole('img', { name: `Profile photo of ${renamed}` }).first();
  await expect(photo).toHaveAttribute('src', /\/uploads\//);
  const stored = await request.get((await photo.getAttribute('src'))!);
  expect(stored.ok()).toBe(true);
  const bytes = await stored.body();
  expect(bytes.length).toBeGreaterThan(100);
  for (const leak of ['Exif', 'EXIF', 'RummageCam', 'GPS'])
    expect(bytes.includes(Buffer.from(leak))).toBe(false);
  // Upload messages vanish after 3 seconds (docs/product.md §8).
  await expect(uploaded).toBeHidden({ timeout: 6_000 });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'profile-own');

  // Follow alice from her profile; her followers count moves at once.
  const aliceId = await sellerId(request, DEMO.alice.username);
  await page.goto(`/user-main/${aliceId}`);
  await expect(page.getByText('@alice', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'follow @alice', exact: true }).click();
  await expect(page.getByRole('button', { name: 'unfollow @alice', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'profile-other');

  // Alice, signed in elsewhere, finds the newcomer on her followers page and can follow back.
  const alice = await newPage(browser);
  await signIn(alice, DEMO.alice.username, DEMO.alice.password);
  await alice.goto('/followers');
  await expect(alice.getByRole('heading', { name: 'followers' })).toBeVisible();
  await expect(alice.getByText(`@${renamed}`, { exact: true })).toBeVisible();
  await expect(alice.getByText('Located in Evanston, IL').first()).toBeVisible();
  await expectAccessible(alice);
  await screenshotBothWidths(alice, 'followers');
  await alice.getByRole('button', { name: `follow @${renamed}`, exact: true }).click();
  await expect(alice.getByRole('button', { name: `unfollow @${renamed}`, exact: true })).toBeVisible();
  await alice.context().close();
});
