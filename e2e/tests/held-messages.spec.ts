import { expect, test } from '@playwright/test';
import { DEMO, listingBy, newPage, OPERATOR_ADMIN, registerThroughForm, signIn } from './people';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

test('a new account’s scam message is held; staff deliver it and the seller reads it with its warning', async ({
  page: newcomer,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username);
  const username = uniqueName('quickbuyer');
  await registerThroughForm(newcomer, username, 'Quick123!');
  await signIn(newcomer, username, 'Quick123!');

  // An account minutes old writes what scammers write: it is held, and the sender is told so.
  const scam = `Is this still available? kindly text me on whatsapp +1 (318) 555-0199 (${uniqueName('s')})`;
  await newcomer.goto(`/product-detail/${listing.productId}`);
  await newcomer.getByLabel('Message the seller').fill(scam);
  await newcomer.getByRole('button', { name: 'send', exact: true }).click();
  await expect(newcomer.getByText('Your message will be delivered after a check.')).toBeVisible();

  // Staff find it in the console's held messages, with why it was held, and deliver it.
  const staff = await newPage(browser);
  await signIn(staff, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await staff.goto('/staff');
  await staff.getByRole('tab', { name: 'Held messages' }).click();
  const item = staff.getByRole('listitem').filter({ hasText: scam });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`@${username}`);
  await expect(item).toContainText('wants to move the conversation off');
  await expectAccessible(staff);
  await screenshotBothWidths(staff, 'staff-held-messages');
  await item.getByRole('button', { name: 'Deliver' }).click();
  await expect(staff.getByText('The message was delivered, with its original time.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await staff.context().close();

  // The seller now has it, with the warning under it.
  const seller = await newPage(browser);
  await signIn(seller, DEMO.alice.username, DEMO.alice.password);
  const accountId = await newcomer.evaluate(() => localStorage.getItem('userId'));
  await seller.goto(`/chat/${accountId}/${listing.productId}`);
  const message = seller.getByRole('listitem').filter({ hasText: scam });
  await expect(message).toBeVisible();
  await expect(message).toContainText(
    'Careful: this person wants to move the conversation off Rummage. Keep talking here until you have met and seen the item.',
  );
  await seller.context().close();
});
