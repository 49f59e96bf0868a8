import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, listingBy, newPage, signIn } from './people';

/** The chat's send button is enabled once the hub connection is up. */
async function sendInChat(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  const send = page.getByRole('button', { name: 'send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
}

test('a buyer messages a seller from the product page; the seller is told live and both chat in real time', async ({
  page: seller,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username);
  const token = uniqueName('q');
  const question = `Is this still available? (${token})`;

  // The seller is signed in on her profile: no unread messages yet.
  await signIn(seller, DEMO.alice.username, DEMO.alice.password);
  const sellerBadge = seller.getByRole('banner').getByTestId('count-badge');

  // The buyer writes from the product page.
  const buyer = await newPage(browser);
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  await buyer.goto(`/product-detail/${listing.productId}`);
  await buyer.getByLabel('Message the seller').fill(question);
  await buyer.getByRole('button', { name: 'send', exact: true }).click();
  await expect(buyer.getByText('Your message has been sent!')).toBeVisible();

  // Without reloading, the seller's header badge shows the new chat (pushed by /generalhub).
  await expect(sellerBadge).toBeVisible();
  // "1 unread message", or more when other journeys wrote to the same seller meanwhile.
  await expect(sellerBadge).toContainText(/unread messages?/);

  // The inbox lists it as Unseen; opening it shows the question. Other tests running alongside may have
  // Bob write to Alice about other listings, so the row is picked by its listing.
  await seller.goto('/messages');
  const row = seller
    .locator(`a[href$="/${listing.productId}"]`)
    .filter({ hasText: '@bob' })
    .filter({ hasText: 'Unseen' });
  await expect(row.first()).toBeVisible();
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'inbox');
  await row.first().click();
  await seller.waitForURL(`**/chat/*/${listing.productId}`);
  await expect(seller.getByText(question)).toBeVisible();
  await expect(seller.getByText('do not share any personal information or click on any links')).toBeVisible();

  // The buyer opens the same chat; both now talk live.
  await buyer.goto(`/chat/${listing.userId}/${listing.productId}`);
  await expect(buyer.getByText(question)).toBeVisible();
  const answer = `Yes, it is! Pick up Saturday? (${token})`;
  await sendInChat(seller, answer);
  await expect(buyer.getByText(answer)).toBeVisible();
  const thanks = `Saturday works, thanks (${token})`;
  await sendInChat(buyer, thanks);
  await expect(seller.getByText(thanks)).toBeVisible();
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'chat');

  // A reload keeps the whole conversation, in order.
  await buyer.reload();
  const list = buyer.getByRole('log', { name: `Messages with @${DEMO.alice.username}` });
  await expect(list.getByText(thanks)).toBeVisible();
  const texts = await list.getByRole('listitem').allInnerTexts();
  const order = [question, answer, thanks].map((text) => texts.findIndex((item) => item.includes(text)));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  // A message that asks for payment before the item is seen: the seller reads a warning under it, live; the
  // sender sees their message as they wrote it, never the warning.
  const scam = `My courier collects it Saturday, please pay the $50 insurance first (${token})`;
  const warning = 'Never pay a deposit, a courier or a fee before you have seen the item.';
  await sendInChat(buyer, scam);
  const sellerItem = seller.getByRole('listitem').filter({ hasText: scam });
  await expect(sellerItem.getByText(warning)).toBeVisible();
  const buyerItem = buyer.getByRole('listitem').filter({ hasText: scam });
  await expect(buyerItem).toBeVisible();
  await expect(buyer.getByText(warning)).toHaveCount(0);
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'chat-safety-warning');
  await buyer.context().close();
});
