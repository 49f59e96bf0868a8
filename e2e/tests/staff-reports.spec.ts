import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, listingBy, newPage, OPERATOR_ADMIN, signIn } from './people';

/** The longest word of a title: what a person would type to find that listing again. */
function distinctiveWord(title: string): string {
  return title
    .split(/[^A-Za-z]+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '');
}

/**
 * Searches the marketplace and waits for the whole result list (its end block), so an absent card means
 * "not found" rather than "not loaded yet".
 */
async function searchMarketplace(page: Page, word: string): Promise<void> {
  await page.goto(`/marketplace?search=${encodeURIComponent(word)}`);
  await expect(
    page.getByRole('heading', { name: /You've seen everything nearby|No Listings Nearby/ }),
  ).toBeVisible();
}

test('a reported listing hidden from /staff disappears from the marketplace; its seller still sees it', async ({
  page: staff,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username, 'last');
  const word = distinctiveWord(listing.title);
  const productPath = `/product-detail/${listing.productId}`;
  const card = (page: Page) => page.locator(`a[href="${productPath}"]`);

  // Before: a visitor finds it by a word of its title.
  const visitor = await newPage(browser);
  await searchMarketplace(visitor, word);
  await expect(card(visitor).first()).toBeVisible();

  // Bob reports it from the product page.
  const bob = await newPage(browser);
  await signIn(bob, DEMO.bob.username, DEMO.bob.password);
  await bob.goto(productPath);
  await expect(bob.getByRole('heading', { name: listing.title })).toBeVisible();
  await bob.getByRole('button', { name: 'report', exact: true }).click();
  const reportDialog = bob.getByRole('dialog', { name: 'Report' });
  await expect(reportDialog.getByText('Report this listing to our moderators?')).toBeVisible();
  await reportDialog.getByRole('button', { name: 'Report', exact: true }).click();
  // A retry after a half-finished run meets Bob's earlier report of the same listing.
  await expect(
    reportDialog.getByText(/Reported successfully|You have already reported this product/),
  ).toBeVisible();
  await reportDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(reportDialog).toHaveCount(0);
  await bob.context().close();

  // Staff find it among the reports, with Bob as reporter, and hide it with a reason.
  const reason = `Counterfeit brand goods (${uniqueName('r')})`;
  await signIn(staff, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await staff.goto('/staff');
  await staff.getByRole('tab', { name: 'Reports' }).click();
  const reports = staff.getByRole('region', { name: 'Reports' });
  const reported = reports.getByRole('listitem').filter({ has: card(staff) });
  await expect(reported).toBeVisible();
  await expect(reported.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(reported).toContainText(`@${DEMO.bob.username}`);
  await expect(reported).toContainText(`seller @${DEMO.alice.username}`);
  await expectAccessible(staff);
  await screenshotBothWidths(staff, 'staff-reports');
  await reported.getByRole('button', { name: 'Hide listing' }).click();
  const hideDialog = staff.getByRole('dialog', { name: `Hide "${listing.title}"?` });
  await hideDialog.getByLabel('Reason').fill(reason);
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click();
  await expect(hideDialog).toHaveCount(0);
  await expect(reports.getByText('Listing hidden. Its reports are marked reviewed.')).toBeVisible();
  // Reviewed, it leaves the "needs review" list; the full list shows it hidden, with the reason.
  await expect(reported).toHaveCount(0);
  await reports.getByLabel('Show').selectOption({ label: 'all reported listings' });
  await expect(reported).toContainText('hidden');
  await expect(reported).toContainText(`Hidden: ${reason}`);

  // Everyone else: gone from search, and the product page says it is not available.
  await searchMarketplace(visitor, word);
  await expect(card(visitor)).toHaveCount(0);
  await visitor.goto(productPath);
  await expect(
    visitor.getByRole('heading', { name: 'This listing is not available', level: 1 }),
  ).toBeVisible();
  await expect(visitor.getByRole('heading', { name: listing.title })).toHaveCount(0);
  await visitor.context().close();

  // The seller still sees her listing, and why nobody else does.
  const alice = await newPage(browser);
  await signIn(alice, DEMO.alice.username, DEMO.alice.password);
  await alice.goto(productPath);
  await expect(alice.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(alice.getByRole('status').filter({ hasText: reason })).toBeVisible();
  await expect(alice.getByRole('heading', { name: 'This listing is not available' })).toHaveCount(0);
  await alice.context().close();
});
