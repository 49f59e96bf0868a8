import { expect, test, type Page } from '@playwright/test';
import { accountMenu, expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { newPage, OPERATOR_ADMIN, registerThroughForm, signIn } from './people';

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
  // By keyboard: on the marketplace the footer moves down as more listings load, and a pointer click on a busy
  // machine could land where the link was a moment before.
  const supportLink = user.getByRole('contentinfo').getByRole('link', { name: /^support\b/ });
  await supportLink.focus();
  await supportLink.press('Enter');
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
