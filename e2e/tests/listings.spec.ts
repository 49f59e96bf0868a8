import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { gradientPng } from './photos';
import { newPage, signIn } from './people';

test('a seller lists an item with two photos; buyers find it, like it, and it moves to sold items', async ({
  page,
  browser,
}) => {
  const token = uniqueName('lamp');
  const title = `Brass reading lamp ${token}`;

  await signIn(page, 'demo', 'Demo123!');
  await page.goto('/create-product');
  await page.locator('input[type="file"]').setInputFiles([
    {
      name: 'lamp-front.png',
      mimeType: 'image/png',
      buffer: gradientPng(640, 480, [196, 150, 60], [60, 40, 20]),
    },
    {
      name: 'lamp-side.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 640, [40, 90, 160], [220, 220, 200]),
    },
  ]);
  await expect(page.getByRole('img', { name: /Photo 2 of 2/ })).toBeVisible();
  await page.getByLabel('title').fill(title);
  await page.getByLabel('description (optional)').fill('Works perfectly, warm light, heavy base.');
  await page.getByLabel('price').fill('42.50');
  await page.getByLabel('category').selectOption({ label: 'Furniture' });
  await page.getByRole('combobox', { name: 'pickup location' }).fill('Chicago');
  await page.getByRole('option', { name: 'Chicago, IL', exact: true }).click();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'create-listing');
  await page.getByRole('button', { name: 'post listing' }).click();
  await page.waitForURL('**/user-main', { timeout: 30_000 });
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Newest first everywhere when no location is saved: it leads the home grid.
  await page.goto('/');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await page.goto(`/marketplace?search=${token}`);
  const card = page.getByRole('link', { name: title, exact: true });
  await expect(card).toBeVisible();
  await card.click();
  await page.waitForURL('**/product-detail/*');
  const productUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('$42.50').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show photo 2' })).toBeVisible();

  // A visitor is asked to log in before liking.
  const visitor = await newPage(browser);
  await visitor.goto(productUrl);
  await visitor.getByRole('button', { name: /like/i }).first().click();
  const loginFirst = visitor.getByRole('alertdialog', { name: 'Alert! Please login first.' });
  await expect(loginFirst).toBeVisible();
  await expect(loginFirst.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await loginFirst.getByRole('button', { name: 'Cancel' }).click();
  // Pressing send on the message box asks the same, rather than saying the send failed.
  await visitor.getByRole('button', { name: 'send', exact: true }).click();
  await expect(loginFirst).toBeVisible();
  await expect(visitor.getByText('Failed to send message. Please try again.')).toHaveCount(0);
  await expectAccessible(visitor);
  await screenshotBothWidths(visitor, 'product-detail-visitor');
  await visitor.context().close();

  // Another member likes it.
  const buyer = await newPage(browser);
  await signIn(buyer, 'bob', 'Bob12345!');
  await buyer.goto(productUrl);
  await expect(buyer.getByText('0 likes').or(buyer.getByLabel('0 likes')).first()).toBeVisible();
  await buyer.getByRole('button', { name: /like/i }).first().click();
  await expect(
    buyer
      .getByText('1 like', { exact: true })
      .or(buyer.getByLabel('1 like', { exact: true }))
      .first(),
  ).toBeVisible();
  await buyer.reload();
  await expect(
    buyer
      .getByText('1 like', { exact: true })
      .or(buyer.getByLabel('1 like', { exact: true }))
      .first(),
  ).toBeVisible();
  await screenshotBothWidths(buyer, 'product-detail-buyer');
  await buyer.context().close();

  // The seller marks it sold; it leaves "my store" for "sold items" and the public feed.
  await page.goto('/user-main');
  await page.getByRole('button', { name: new RegExp(`^Mark Sold\\W+${title}$`) }).click();
  // Who bought it: nobody who chatted here, so "someone else", and no rating.
  const confirm = page.getByRole('dialog', { name: 'Mark as sold to…' });
  await confirm.getByRole('radio', { name: 'Someone else (no rating)' }).check();
  await confirm.getByRole('button', { name: 'Mark Sold', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: title, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'sold items' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Mark Available\\W+${title}$`) })).toBeVisible();
  await screenshotBothWidths(page, 'profile-sold-items');
  await page.goto(`/marketplace?search=${token}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});
