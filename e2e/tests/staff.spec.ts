import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountMenu, expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, newPage, OPERATOR_ADMIN, registerThroughForm, signIn } from './people';

interface Listing {
  productId: number;
  title: string;
  userName: string;
}

/** Staff answers carry the product's support account name, not a person's. */
const SUPPORT_ACCOUNT = 'Rummage support';

/** The support chat's send button is enabled once the /supporthub connection is up. */
async function sendInTicket(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  const send = page.getByRole('button', { name: 'send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
}

/** The footer's unread-support bubble (hidden at zero). */
function supportBadge(page: Page) {
  return page.getByRole('contentinfo').getByTestId('count-badge');
}

/** The longest word of a title: what a person would type to find that listing again. */
function distinctiveWord(title: string): string {
  return title
    .split(/[^A-Za-z]+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '');
}

/**
 * One of a seller's public listings. The last of them on the feed's first page, so the chat journey's pick
 * (the first) is left alone; hidden ones are not on the feed, so a retry picks another.
 */
async function listingBy(request: APIRequestContext, userName: string): Promise<Listing> {
  const feed = await request.get('/api/Marketplace/products?pageSize=48');
  const { data } = (await feed.json()) as { data: Listing[] };
  const listing = data.filter((product) => product.userName === userName).at(-1);
  expect(listing, `a demo listing by ${userName}`).toBeTruthy();
  return listing!;
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

test('a user opens a support ticket; staff answer from /staff and the user sees the answers live', async ({
  page: user,
  browser,
}) => {
  // A fresh person, so no earlier ticket of theirs is still open.
  const username = uniqueName('helpme');
  const password = 'Support123!';
  await registerThroughForm(user, username, password);
  await signIn(user, username, password);

  const token = uniqueName('t');
  const question = `The lamp I bought has no plug (${token})`;
  await user.goto('/support');
  const form = user.getByRole('form', { name: 'thrift support' });
  await expect(form).toBeVisible();
  await expect(user.getByText(`hello, @${username} to your`)).toBeVisible();
  await expect(user.getByText('how can we help?')).toBeVisible();
  await form.getByLabel('issue').selectOption({ label: 'a product' });
  await form.getByLabel('description').fill(question);
  await form.getByRole('button', { name: 'send', exact: true }).click();

  // The form turns into the ticket's chat: who, what, the message and the safety notice.
  const ticketChat = user.getByRole('region', { name: 'Support conversation' });
  await expect(ticketChat).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(ticketChat.getByText(`@${username}`).first()).toBeVisible();
  await expect(ticketChat.getByText('a product', { exact: true })).toBeVisible();
  await expect(ticketChat.getByRole('listitem').filter({ hasText: question })).toContainText(`@${username}`);
  await expect(
    ticketChat.getByText('do not share any personal information or click on any links'),
  ).toBeVisible();

  // Staff open the console from the account menu and find the ticket in the queue.
  const staff = await newPage(browser);
  await signIn(staff, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await staff.getByRole('button', { name: 'Account menu' }).click();
  await accountMenu(staff).getByRole('link', { name: 'Staff console', exact: true }).click();
  await staff.waitForURL('**/staff');
  await expect(staff.getByRole('heading', { name: 'staff console' })).toBeVisible();
  const queueRow = staff
    .getByRole('region', { name: 'Tickets' })
    .getByRole('button')
    .filter({ hasText: `@${username}` });
  await expect(queueRow).toContainText('a product');
  await expect(queueRow).toContainText(question);
  await expect(queueRow).toContainText('open');
  await queueRow.click();
  await expect(staff.getByRole('heading', { name: /^Ticket #\d+$/ })).toBeVisible();
  const staffChat = staff.getByRole('region', { name: 'Support conversation' });
  await expect(staffChat.getByText(question)).toBeVisible();

  // The user has moved on to the marketplace: nothing unread yet.
  await user.getByRole('contentinfo').getByRole('link', { name: 'marketplace' }).click();
  await user.waitForURL('**/marketplace');
  // The support chat stays on screen (and reads what arrives) until the lazy marketplace page replaces it.
  await expect(user.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  await expect(ticketChat).toHaveCount(0);
  await expect(supportBadge(user)).toHaveCount(0);

  const answer = `Sorry about that! Which listing was it? (${token})`;
  await sendInTicket(staff, answer);
  await expect(staffChat.getByRole('listitem').filter({ hasText: answer })).toContainText(SUPPORT_ACCOUNT);

  // Without reloading, the footer's support link shows one unread answer (pushed by /generalhub).
  await expect(supportBadge(user)).toBeVisible();
  await expect(supportBadge(user)).toHaveText(/^1\s+unread support message$/);

  // Following the link shows the answer under the support account's name; reading it clears the badge.
  await user
    .getByRole('contentinfo')
    .getByRole('link', { name: /^support\b/ })
    .click();
  await user.waitForURL('**/support');
  const answerLine = ticketChat.getByRole('listitem').filter({ hasText: answer });
  await expect(answerLine).toBeVisible();
  await expect(answerLine).toContainText(SUPPORT_ACCOUNT);
  await expect(supportBadge(user)).toHaveCount(0);

  // With /support open, the next answer arrives live, and the user's reply reaches staff live.
  const followUp = `If you send the listing link we will contact the seller (${token})`;
  await sendInTicket(staff, followUp);
  await expect(ticketChat.getByRole('listitem').filter({ hasText: followUp })).toContainText(SUPPORT_ACCOUNT);
  await expect(supportBadge(user)).toHaveCount(0);
  const reply = `It was the brass reading lamp, thanks (${token})`;
  await sendInTicket(user, reply);
  await expect(staffChat.getByRole('listitem').filter({ hasText: reply })).toContainText(`@${username}`);

  await expectAccessible(user);
  await screenshotBothWidths(user, 'support-ticket');
  await expectAccessible(staff);
  await screenshotBothWidths(staff, 'staff-ticket');
  await staff.context().close();
});

test('a reported listing hidden from /staff disappears from the marketplace; its seller still sees it', async ({
  page: staff,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username);
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
