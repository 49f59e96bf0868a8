import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, newPage, signIn } from './people';

interface Listing {
  productId: number;
  title: string;
  userName: string;
}

/** Two of a demo seller's listings, from the public feed: one chat each, so one notification each. */
async function listingsBy(request: APIRequestContext, userName: string): Promise<[Listing, Listing]> {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: Listing[] };
  const listings = data.filter((product) => product.userName === userName);
  expect(listings.length, `two demo listings by ${userName}`).toBeGreaterThanOrEqual(2);
  return [listings[0]!, listings[1]!];
}

/** The buyer asks about a listing from its page, as a person does. */
async function ask(buyer: Page, listing: Listing, text: string): Promise<void> {
  await buyer.goto(`/product-detail/${listing.productId}`);
  await buyer.getByLabel('Message the seller').fill(text);
  await buyer.getByRole('button', { name: 'send', exact: true }).click();
  await expect(buyer.getByText('Your message has been sent!')).toBeVisible();
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const bellBadge = (page: Page) => page.getByRole('banner').getByTestId('notification-badge');

test("a buyer's message rings the seller's bell live; the list opens the chat and marks it read", async ({
  page: seller,
  browser,
  request,
}) => {
  const [first, second] = await listingsBy(request, DEMO.alice.username);
  const token = uniqueName('n');
  const question = `Could you hold it until Friday? (${token})`;

  await signIn(seller, DEMO.alice.username, DEMO.alice.password);
  // Other journeys may have left the demo seller unread notifications: start from a read list.
  const cleared = await seller.evaluate(async () => {
    const answer = await fetch('/api/Notifications/read', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('authToken')}`,
      },
      body: JSON.stringify({ all: true }),
    });
    return answer.status;
  });
  expect(cleared).toBe(200);
  await seller.goto('/');
  await expect(bell(seller)).toHaveAccessibleName('Notifications');
  await expect(bellBadge(seller)).toHaveCount(0);

  // The buyer writes while the seller's page stays open: the bell counts it without a reload.
  const buyer = await newPage(browser);
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  await ask(buyer, first, question);
  await expect(bellBadge(seller)).toHaveText('1');
  await expect(bell(seller)).toHaveAccessibleName('Notifications, 1 unread');

  // The list shows the entry, unread, with the message text.
  await bell(seller).click();
  await seller.waitForURL('**/notifications');
  await expect(seller).toHaveTitle(/^Notifications - /);
  const list = seller.getByRole('list', { name: 'Notifications' });
  const entry = list.getByRole('listitem').filter({ hasText: question });
  await expect(entry).toContainText(`New message from ${DEMO.bob.username}`);
  await expect(entry).toContainText('a few seconds ago');
  await expect(entry).toHaveAttribute('data-unread', 'true');
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'notifications');

  // Opening it goes to the chat, and the bell drops.
  await entry.getByRole('link').click();
  await seller.waitForURL(`**/chat/*/${first.productId}`);
  await expect(seller.getByText(question)).toBeVisible();
  await expect(bellBadge(seller)).toHaveCount(0);
  await expect(bell(seller)).toHaveAccessibleName('Notifications');

  // Two more questions about another listing: one entry for that chat, moved up by the second message.
  await ask(buyer, second, `Is the price firm? (${token})`);
  await expect(bellBadge(seller)).toHaveText('1');
  await seller.goto('/notifications');
  const again = `Or would you take an offer? (${token})`;
  await ask(buyer, second, again);
  const newest = list.getByRole('listitem').first();
  await expect(newest).toContainText(again);
  await expect(newest).toHaveAttribute('data-unread', 'true');
  await expect(list.getByRole('listitem').filter({ hasText: question })).toHaveAttribute(
    'data-unread',
    'false',
  );

  // "Mark all as read" clears the list and the bell, and it stays so after a reload.
  await seller.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(newest).toHaveAttribute('data-unread', 'false');
  await expect(bellBadge(seller)).toHaveCount(0);
  await expect(seller.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await seller.reload();
  await expect(list.getByRole('listitem').first()).toContainText(again);
  await expect(list.locator('[data-unread="true"]')).toHaveCount(0);
  await expect(bellBadge(seller)).toHaveCount(0);
  await buyer.context().close();
});
