import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { gradientPng } from './photos';
import { DEMO, listThroughApi, newPage, signIn, tokenFor } from './people';

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const bellBadge = (page: Page) => page.getByRole('banner').getByTestId('notification-badge');

/** The element is whole on screen: nothing of its text cut off ("@ali…") and nothing past the viewport's edge. */
async function expectUnclipped(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const fits = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      element.scrollWidth <= element.clientWidth + 1 &&
      element.scrollHeight <= element.clientHeight + 1 &&
      box.left >= 0 &&
      box.right <= window.innerWidth
    );
  });
  expect(fits, 'shown whole').toBe(true);
}

test('a saved search alerts the buyer live; they chat, the seller reserves it, and the buyer sees the exact spot', async ({
  page: buyer,
  browser,
  request,
}) => {
  const word = uniqueName('rocker');
  const title = `Oak ${word} chair`;

  // The buyer searches for a word nobody has listed yet, and saves the search.
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  await buyer.goto(`/marketplace?search=${word}`);
  await buyer.getByRole('button', { name: 'Save this search' }).click();
  await expect(buyer.getByText('Search saved. We will tell you when something new matches.')).toBeVisible();
  await screenshotBothWidths(buyer, 'marketplace-search-saved');
  await buyer.goto('/saved-searches');
  const saved = buyer.getByRole('listitem').filter({ hasText: word });
  await expect(saved).toContainText('No new matches');
  await expect(bellBadge(buyer)).toHaveCount(0);

  // Another person lists a matching item: the buyer's bell rings and the open page counts the new match, without
  // a reload.
  // Through the API: the listings journey fills the form, and an alert follows a new listing however it was made.
  const alice = await tokenFor(request, DEMO.alice.username, DEMO.alice.password);
  await listThroughApi(request, alice.authToken, {
    title,
    description: 'Solid oak, rocks smoothly.',
    price: '35',
    photo: gradientPng(640, 480, [120, 80, 40], [30, 20, 10]),
  });
  await expect(bellBadge(buyer)).toBeVisible({ timeout: 10_000 });
  await expect(saved).toContainText('1 new match');

  // The alert names the search and the listing, and opens the listing.
  await bell(buyer).click();
  await buyer.waitForURL('**/notifications');
  const entries = buyer.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  const alert = entries.filter({ hasText: `New match for ${word}` });
  await expect(alert).toContainText(title);
  // The buyer also follows this seller in the demo data: still one entry for one listing, the match.
  await expect(entries.filter({ hasText: title })).toHaveCount(1);
  await alert.getByRole('link').click();
  await buyer.waitForURL('**/product-detail/*');
  const productId = Number(new URL(buyer.url()).pathname.split('/').pop());
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  // Before any reservation the buyer sees only the approximate area.
  await expect(
    buyer.getByText('Approximate area (about 0.3 mi). The exact spot is shared in chat.'),
  ).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Open in maps' })).toHaveCount(0);

  // The buyer asks about it; the seller reserves it for them from the chat.
  const question = `Can I pick it up on Saturday? (${word})`;
  await buyer.getByLabel('Message the seller').fill(question);
  await buyer.getByRole('button', { name: 'send', exact: true }).click();
  await expect(buyer.getByText('Your message has been sent!')).toBeVisible();
  const seller = await newPage(browser);
  await signIn(seller, DEMO.alice.username, DEMO.alice.password);
  await seller.goto('/messages');
  await seller
    .locator(`a[href$="/${productId}"]`)
    .filter({ hasText: `@${DEMO.bob.username}` })
    .first()
    .click();
  await seller.waitForURL(`**/chat/*/${productId}`);
  await expect(seller.getByText(question)).toBeVisible();
  await seller.getByRole('button', { name: `Reserve for ${DEMO.bob.username}` }).click();
  await expect(
    seller.getByRole('button', { name: `Release the reservation for ${DEMO.bob.username}` }),
  ).toBeVisible();

  // On a phone the chat header shows who and what in full, and the reservation with its date; Follow and Block
  // are still there, below.
  await seller.setViewportSize({ width: 375, height: 800 });
  await expectUnclipped(seller.getByRole('heading', { level: 1, name: `@${DEMO.bob.username}` }));
  await expectUnclipped(seller.getByText(title));
  await expectUnclipped(seller.getByRole('status').filter({ hasText: 'Reserved until' }));
  await expectUnclipped(seller.getByRole('button', { name: 'Block' }));
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'chat-reserved-seller');

  // The buyer hears of it, and the product page now shows the exact spot with a link to a map app.
  await buyer.goto('/notifications');
  await expect(
    buyer.getByRole('listitem').filter({ hasText: `${DEMO.alice.username} reserved ${title} for you` }),
  ).toHaveAttribute('data-unread', 'true');
  await buyer.goto(`/product-detail/${productId}`);
  await expect(buyer.getByText('Reserved for you: this is the exact pickup spot.')).toBeVisible();
  const meetup = buyer.getByRole('region', { name: 'meetup' });
  await expect(meetup.getByRole('link', { name: 'Open in maps' })).toBeVisible();
  await expect(meetup.getByRole('region', { name: 'Map of the exact pickup spot' })).toBeVisible();
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'product-detail-reserved-buyer');

  // Opening the alert was seeing the match.
  await buyer.goto('/saved-searches');
  await expect(saved).toContainText('No new matches');
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'saved-searches');
  await seller.context().close();
});
