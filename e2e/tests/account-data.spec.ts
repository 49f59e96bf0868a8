import { expect, test } from '@playwright/test';
import { DEMO, listThroughApi, newPage, registerThroughForm, signIn, tokenFor } from './people';
import { gradientPng } from './photos';
import { accountMenu, expectAccessible, uniqueName } from './support';
import { unzipFile } from './zip';

test('a person downloads their data, then deletes the account; the buyer still reads the chat from "Deleted user"', async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueName('leaving');
  const password = 'Leaving123!';
  const title = `Walnut side table ${uniqueName('t')}`;
  await registerThroughForm(page, username, password);
  const me = await tokenFor(request, username, password);

  // Setup through the API: a listing with a real photo, a question from Bob and an answer.
  const productId = await listThroughApi(request, me.authToken, {
    title,
    description: 'Solid walnut, one drawer.',
    price: '40',
    photo: gradientPng(64, 48, [120, 80, 40], [200, 160, 120]),
  });
  const bob = await tokenFor(request, DEMO.bob.username, DEMO.bob.password);
  const question = `Is the table still there? (${uniqueName('q')})`;
  const answer = `Yes, come by tonight (${uniqueName('a')})`;
  for (const [token, receiverId, message] of [
    [bob.authToken, me.id, question],
    [me.authToken, bob.id, answer],
  ] as const) {
    const sent = await request.post('/api/Message/send', {
      headers: { authorization: `Bearer ${token}` },
      data: { productId, receiverId, message },
    });
    expect(sent.ok()).toBe(true);
  }

  // Download my data: a ZIP holding the JSON (listing, chat) and the listing's photo.
  await signIn(page, username, password);
  await page.goto('/edit-profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^rummage-${username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const archive = await unzipFile((await download.path())!);
  const file = JSON.parse(archive.get('rummage-data.json')!.toString('utf8')) as {
    profile: { username: string };
    listings: Array<{ id: number; title: string; photos: unknown[] }>;
    chats: Array<{ messages: Array<{ text: string }> }>;
  };
  expect(file.profile.username).toBe(username);
  expect(file.listings).toEqual([expect.objectContaining({ id: productId, title })]);
  expect(file.listings[0]!.photos).toHaveLength(1);
  expect(file.chats[0]!.messages.map((m) => m.text)).toEqual([question, answer]);
  // The photo itself, as a WebP file a person can open.
  expect(archive.get(`photos/listing-${productId}-1.webp`)!.subarray(8, 12).toString('latin1')).toBe('WEBP');

  // Delete my account: a wrong password is refused in the dialog, the right one deletes and signs out.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Your password').fill('Wrong-pass1!');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
  // The keyboard is back in the password field, not on the page behind the dialog.
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // The login page says it worked.
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(accountMenu(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(accountMenu(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const gone = await request.get(`/api/Product/${productId}`);
  expect(gone.status()).toBe(404);

  // The buyer: the profile is gone, the chat stays with its history, from "Deleted user".
  const buyer = await newPage(browser);
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  await buyer.goto(`/user-main/${me.id}`);
  await expect(buyer.getByRole('heading', { name: 'This user does not exist.' })).toBeVisible();
  await buyer.goto('/messages');
  const row = buyer.locator(`a[href$="/${me.id}/${productId}"]`);
  await expect(row).toContainText('Deleted user');
  await row.click();
  await expect(buyer.getByRole('heading', { name: 'Deleted user', level: 1 })).toBeVisible();
  await expect(buyer.getByText(question)).toBeVisible();
  await expect(buyer.getByText(answer)).toBeVisible();
});
