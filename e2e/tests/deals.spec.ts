import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, listThroughApi, newPage, signIn, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/** The stars of a person's published ratings, to work out the average their profile shows next. */
async function starsOf(request: APIRequestContext, userId: number): Promise<number[]> {
  const response = await request.get(`/api/Review/user/${userId}?pageSize=50`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { stars: number }[]; hasMore: boolean };
  expect(body.hasMore).toBe(false);
  return body.data.map((review) => review.stars);
}

/** "4.5 out of 5 stars from 2 ratings", as the profile reads its average out. */
function averageLabel(stars: number[]): string {
  const average = Math.round((stars.reduce((sum, n) => sum + n, 0) / stars.length) * 10) / 10;
  return `${average} out of 5 stars from ${stars.length} ratings`;
}

/** A star of the rating form as a person clicks it: the radio's label, the star drawn in it. */
const star = (form: Locator, count: number) =>
  form
    .getByRole('group', { name: 'Your rating' })
    .locator('label')
    .filter({ has: form.page().getByRole('radio', { name: `${count} out of 5 stars` }) });

/** The profile's Reviews section. */
const reviewsOf = (page: Page) => page.getByRole('region', { name: 'Reviews' });

test('a buyer and a seller agree on a price, the seller marks it sold to the buyer, both rate, and both ratings show at once', async ({
  page: buyer,
  browser,
  request,
}) => {
  // Alice lists a vase at $35 (setup through the API); bob and alice may have been rated before.
  const [alice, bob] = await Promise.all([
    tokenFor(request, DEMO.alice.username, DEMO.alice.password),
    tokenFor(request, DEMO.bob.username, DEMO.bob.password),
  ]);
  const [aliceStars, bobStars] = await Promise.all([starsOf(request, alice.id), starsOf(request, bob.id)]);
  const title = uniqueName('Green glass vase ');
  const productId = await listThroughApi(request, alice.authToken, {
    title,
    description: 'No chips.',
    price: '35',
    photo: texturedPng(640, 480, Date.now() % 100_000),
  });
  const aliceWrites = uniqueName('Paid in cash, friendly. ');
  const bobWrites = uniqueName('Vase as described, on time. ');

  // Bob offers $25, alice counters with $30 and bob accepts, through the API: offers.spec.ts walks that way in the
  // browser. The listing is now reserved for him.
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const offered = await request.post('/api/Offer', {
    headers: as(bob.authToken),
    data: { productId, amount: 25 },
  });
  expect(offered.status()).toBe(201);
  const offerId = ((await offered.json()) as { data: { id: number } }).data.id;
  const countered = await request.post(`/api/Offer/${offerId}/counter`, {
    headers: as(alice.authToken),
    data: { amount: 30 },
  });
  expect(countered.status()).toBe(201);
  const counterId = ((await countered.json()) as { data: { id: number } }).data.id;
  const accepted = await request.post(`/api/Offer/${counterId}/accept`, { headers: as(bob.authToken) });
  expect(accepted.status()).toBe(200);

  await signIn(buyer, DEMO.bob.username, DEMO.bob.password);
  const seller = await newPage(browser);
  await signIn(seller, DEMO.alice.username, DEMO.alice.password);

  // Alice marks it sold from her store: bob, who holds it, is the buyer chosen.
  await seller.goto('/user-main');
  await seller.getByRole('button', { name: new RegExp(`^Mark Sold\\W+${title}$`) }).click();
  const dialog = seller.getByRole('dialog', { name: 'Mark as sold to…' });
  const held = dialog.getByRole('radio', { name: `${DEMO.bob.username} (reserved)` });
  await expect(held).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Someone else (no rating)' })).not.toBeChecked();
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'mark-sold-to');
  await dialog.getByRole('button', { name: 'Mark Sold', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Alice rates bob in their chat, where the request to rate leads.
  await seller.goto(`/chat/${bob.id}/${productId}`);
  await expect(seller.getByText('Deal: Handed over')).toBeVisible();
  const aliceForm = seller.getByRole('form', { name: 'Rate this deal' });
  await expect(aliceForm.getByRole('link', { name: 'How ratings work' })).toHaveAttribute(
    'href',
    '/rating-rules',
  );
  await star(aliceForm, 5).click();
  await expect(aliceForm.getByRole('radio', { name: '5 out of 5 stars' })).toBeChecked();
  await aliceForm.getByRole('textbox', { name: 'What was the handover like? (optional)' }).fill(aliceWrites);
  await expectAccessible(seller);
  await screenshotBothWidths(seller, 'chat-deal-rating-form');
  await aliceForm.getByRole('button', { name: 'Send rating' }).click();
  const aliceSaid = seller
    .getByRole('status')
    .filter({ hasText: 'Your rating is published once the other side' });
  await expect(aliceSaid).toBeFocused();
  await expect(seller.getByText('Waiting for the other side')).toBeVisible();
  await expect(aliceForm).toBeHidden();

  // Bob's profile shows nothing of it yet, to him or anyone.
  await buyer.goto('/user-main');
  await expect(reviewsOf(buyer)).toBeVisible();
  await expect(reviewsOf(buyer)).not.toContainText(aliceWrites);

  // Bob opens the request to rate from his notifications, and rates alice.
  await buyer.goto('/notifications');
  await buyer
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `How did the handover of "${title}" go?` })
    .getByRole('link')
    .click();
  await buyer.waitForURL(`**/chat/${alice.id}/${productId}`);
  const bobForm = buyer.getByRole('form', { name: 'Rate this deal' });
  await star(bobForm, 4).click();
  await bobForm.getByRole('textbox', { name: 'What was the handover like? (optional)' }).fill(bobWrites);
  await expect(buyer.getByRole('button', { name: 'The handover did not happen' })).toBeVisible();
  await bobForm.getByRole('button', { name: 'Send rating' }).click();
  await expect(
    buyer.getByRole('status').filter({ hasText: 'Both ratings are now published.' }),
  ).toBeFocused();
  await expect(buyer.getByText('You rated 4 out of 5 stars.')).toBeVisible();
  await expectAccessible(buyer);
  await screenshotBothWidths(buyer, 'chat-deal-rated');

  // Both ratings now show on both profiles, to both of them, with the new averages.
  const onAlice = {
    id: alice.id,
    text: bobWrites,
    by: `Rated as seller by ${DEMO.bob.username}`,
    stars: [...aliceStars, 4],
  };
  const onBob = {
    id: bob.id,
    text: aliceWrites,
    by: `Rated as buyer by ${DEMO.alice.username}`,
    stars: [...bobStars, 5],
  };
  for (const page of [buyer, seller]) {
    for (const profile of [onAlice, onBob]) {
      await page.goto(`/user-main/${profile.id}`);
      const reviews = reviewsOf(page);
      const item = reviews.getByRole('listitem').filter({ hasText: profile.text });
      await expect(item).toContainText(profile.by);
      await expect(reviews.getByRole('img', { name: averageLabel(profile.stars) })).toBeVisible();
    }
  }
  await expectAccessible(seller);
  await seller.context().close();
});
