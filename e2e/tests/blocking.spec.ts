import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from './support';
import { DEMO, listingBy, newPage, signIn } from './people';

async function sendInChat(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  const send = page.getByRole('button', { name: 'send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
}

/** Blocks bob from the chat header, confirmed in the dialog. */
async function blockBob(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Block @bob', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Block bob?');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Unblock @bob', exact: true })).toBeVisible();
}

test('a seller blocks a buyer from the chat header; the buyer’s next message is refused with the text, until unblocked', async ({
  page: seller,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.demo.username);
  const token = uniqueName('b');

  const buyer = await newPage(browser);
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  await buyer.goto(`/chat/${listing.userId}/${listing.productId}`);
  const question = `Is it still there? (${token})`;
  await sendInChat(buyer, question);
  await expect(buyer.getByText(question)).toBeVisible();

  await signIn(seller, DEMO.demo.username, DEMO.demo.password);
  await seller.goto('/messages');
  await seller.locator(`a[href$="/${listing.productId}"]`).filter({ hasText: '@bob' }).first().click();
  await seller.waitForURL(`**/chat/*/${listing.productId}`);
  await expect(seller.getByText(question)).toBeVisible();

  await blockBob(seller);
  try {
    const refused = `Hello? (${token})`;
    await sendInChat(buyer, refused);
    await expect(buyer.getByText("You can't message this person.")).toBeVisible();
    await expect(seller.getByText(refused)).toHaveCount(0);
    // The seller's inbox no longer lists the chat.
    await seller.goto('/messages');
    await expect(seller.locator(`a[href$="/${listing.productId}"]`).filter({ hasText: '@bob' })).toHaveCount(
      0,
    );
    await seller.goBack();
  } finally {
    await seller.goto('/settings/blocked');
    await expect(seller.getByRole('heading', { name: 'Blocked people' })).toBeVisible();
    await seller.getByRole('button', { name: 'Unblock @bob', exact: true }).click();
    await seller.getByRole('alertdialog').getByRole('button', { name: 'Unblock', exact: true }).click();
    // Unblocked, bob leaves the list.
    await expect(seller.getByText('You have not blocked anyone.')).toBeVisible();
  }

  await seller.goto('/messages');
  await seller.locator(`a[href$="/${listing.productId}"]`).filter({ hasText: '@bob' }).first().click();
  await seller.waitForURL(`**/chat/*/${listing.productId}`);
  const after = `Back again (${token})`;
  await sendInChat(buyer, after);
  await expect(seller.getByText(after)).toBeVisible();
  await buyer.context().close();
});
