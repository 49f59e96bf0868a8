import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';
import { DEMO, listingBy, newPage, OPERATOR_ADMIN, signIn } from './people';

// A rating the demo data gives (bob's of alice as a buyer, apps/server/src/db/seed-deals.ts).
const RATING = 'Friendly, a little late.';

test('a seller card shows the reputation; a reported rating removed from /staff leaves the profile', async ({
  page: staff,
  browser,
  request,
}) => {
  const listing = await listingBy(request, DEMO.alice.username);
  const profilePath = `/user-main/${listing.userId}`;

  // Demo, deciding whom to trust: alice's stars and deals done on her listing's seller card.
  const demo = await newPage(browser);
  await signIn(demo, DEMO.demo.username, DEMO.demo.password);
  await demo.goto(`/product-detail/${listing.productId}`);
  const seller = demo.getByRole('region', { name: 'seller' });
  await expect(seller.getByRole('img', { name: /out of 5 stars from \d+ ratings/ })).toBeVisible();
  await expect(seller.getByText(/\d+ deals? done/)).toBeVisible();

  // From the profile header's stars to her ratings; demo reports one.
  await demo.goto(profilePath);
  await demo.getByRole('link', { name: /out of 5 stars from \d+ ratings/ }).click();
  const reviews = demo.getByRole('region', { name: 'Reviews' });
  const rating = reviews.getByRole('listitem').filter({ hasText: RATING });
  await expect(rating).toBeVisible();
  await rating.getByRole('button', { name: 'Report' }).click();
  const dialog = demo.getByRole('dialog', { name: 'Report' });
  await dialog.getByLabel('What is wrong with it? (optional)').fill('Not about the handover');
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  // A retry after a half-finished run meets demo's earlier report.
  await expect(
    dialog.getByText(/Thanks, staff will look at this rating\.|You have already reported this rating\./),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);

  // Staff find it in the reports queue with its stars, people and reporter, and remove it with a reason.
  await signIn(staff, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await staff.goto('/staff');
  await staff.getByRole('tab', { name: 'Reports' }).click();
  const reports = staff.getByRole('region', { name: 'Reports' });
  const reported = reports.getByRole('listitem').filter({ hasText: RATING });
  await expect(reported.getByRole('heading', { name: 'Rating of @alice by @bob' })).toBeVisible();
  await expect(reported.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(reported).toContainText('@demo');
  await expectAccessible(staff);
  await reported.getByRole('button', { name: 'Remove rating' }).click();
  const remove = staff.getByRole('dialog', { name: 'Remove this rating of @alice?' });
  await remove.getByLabel('Reason').fill('About something other than this deal');
  await remove.getByRole('button', { name: 'Remove rating' }).click();
  await expect(reports.getByText('Rating removed. Its author has been told why.')).toBeVisible();
  await expect(reported).toHaveCount(0);

  // Gone from her profile; her other ratings stay.
  await demo.goto(profilePath);
  await expect(reviews.getByText('Exactly as described, and she waited when my bus was late.')).toBeVisible();
  await expect(reviews.getByText(RATING)).toHaveCount(0);
  await demo.context().close();
});
