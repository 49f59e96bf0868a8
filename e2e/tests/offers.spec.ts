import { expect, test } from '@playwright/test';
import { DEMO, listThroughApi, newPage, signIn, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

test('a buyer offers, the seller counters in the chat, the buyer accepts, and the listing is reserved for them', async ({
  page: buyer,
  browser,
  request,
}) => {
  // Alice lists a lamp at $35 and accepts no offer below $20 (setup through the API).
  const [alice, bob] = await Promise.all([
    tokenFor(request, DEMO.alice.username, DEMO.alice.password),
    tokenFor(request, DEMO.bob.username, DEMO.bob.password),
  ]);
  const title = uniqueName('Brass desk lamp ');
  const productId = await listThroughApi(request, alice.authToken, {
    title,
    description: 'Works, warm light.',
    price: '35',
    minimumOffer: '20',
    photo: texturedPng(640, 480, Date.now() % 100_000),
  });

  // Bob offers too little, is told so, then offers $25. He types into the page as it was painted, before the app
  // has taken it over (its code held back here): what he typed and sent is what the app sends.
  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  let letAppIn = () => undefined as void;
  const appHeld = new Promise<void>((resolve) => (letAppIn = resolve));
  await buyer.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await buyer.goto(`/product-detail/${productId}`, { waitUntil: 'domcontentloaded' });
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  const amount = buyer.getByRole('textbox', { name: 'Your offer' });
  await amount.fill('15');
  await amount.press('Enter');
  letAppIn();
  await expect(buyer.getByRole('alert')).toHaveText('The seller is not accepting offers this low.');
  await buyer.unrouteAll();
  await amount.fill('25');
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  await expect(buyer.getByRole('status').filter({ hasText: 'Offer sent.' })).toBeVisible();
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'product-detail-offer-sent');

  // Alice finds it in the chat and counters with $30, from the keyboard.
  const seller = await newPage(browser);
  await signIn(seller, DEMO.alice.username, DEMO.alice.password);
  await seller.goto(`/chat/${bob.id}/${productId}`);
  const bobsOffer = seller.getByRole('group', { name: `Offer of $25 by ${DEMO.bob.username}` });
  await expect(bobsOffer).toContainText('Waiting for an answer');
  await bobsOffer.getByRole('button', { name: 'Counter the offer of $25' }).click();
  // The amount field takes the focus as it opens; typing before that would go nowhere.
  await expect(bobsOffer.getByRole('textbox', { name: 'Your counter-offer' })).toBeFocused();
  await seller.keyboard.type('30');
  await seller.keyboard.press('Enter');
  const counter = seller.getByRole('group', { name: `Offer of $30 by ${DEMO.alice.username}` });
  await expect(counter.getByRole('button', { name: 'Withdraw your offer of $30' })).toBeVisible();
  await expect(bobsOffer).toContainText('Countered');
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'chat-offer-countered-seller');

  // Bob accepts it in his chat; both pages show it accepted, and the chat says the listing is reserved for him.
  await buyer.goto(`/chat/${alice.id}/${productId}`);
  const offered = buyer.getByRole('group', { name: `Offer of $30 by ${DEMO.alice.username}` });
  await offered.getByRole('button', { name: 'Accept the offer of $30' }).click();
  await expect(offered).toContainText('Accepted');
  await expect(buyer.getByText(/Reserved for you until/)).toBeVisible();
  // The header now leads with the amount they agreed on, the asking price beside it.
  await expect(buyer.getByText('$30 agreed')).toBeVisible();
  await expect(buyer.getByText('· asking $35 ·')).toBeVisible();
  // Alice's open chat hears of it live (receiveoffer), with no reload.
  await expect(counter).toContainText('Accepted');
  await expect(seller.getByText('$30 agreed')).toBeVisible();
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'chat-offer-accepted-buyer');

  // The listing's page shows it reserved for Bob.
  await buyer.goto(`/product-detail/${productId}`);
  await expect(buyer.getByText('Reserved for you: this is the exact pickup spot.')).toBeVisible();

  // Alice lets the hold go from her chat: Bob's open chat no longer says a price was agreed, with no reload.
  await buyer.goto(`/chat/${alice.id}/${productId}`);
  await expect(buyer.getByText('$30 agreed')).toBeVisible();
  await seller.getByRole('button', { name: `Release the reservation for ${DEMO.bob.username}` }).click();
  await expect(buyer.getByText('$30 agreed')).toBeHidden();
  await expect(buyer.getByText('$35', { exact: true })).toBeVisible();
  await seller.context().close();
});
