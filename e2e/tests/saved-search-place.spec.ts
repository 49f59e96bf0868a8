import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';
import { DEMO, signIn } from './people';

test('"Show matches" for a search around another town says the place moved there, and puts the one before back', async ({
  page,
}) => {
  const word = uniqueName('lantern');
  await signIn(page, DEMO.bob.username, DEMO.bob.password);
  // The person's own place is Denver; the saved search looks around Chicago.
  await page.evaluate(() => {
    localStorage.setItem('userAddress', 'Denver, CO');
    localStorage.setItem('userLat', '39.7392');
    localStorage.setItem('userLng', '-104.9903');
    localStorage.setItem('userRadius', '10');
  });
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const made = await page.request.post('/api/SavedSearch', {
    headers: { Authorization: `Bearer ${token}` },
    data: { search: word, latitude: 41.8781, longitude: -87.6298, radiusKm: 40.2336 },
  });
  expect(made.status()).toBe(201);

  await page.goto('/saved-searches');
  const locationBar = page.getByRole('button', { name: /^Your location:/ });
  await expect(locationBar).toHaveText(/Denver, CO/);
  await page
    .getByRole('listitem')
    .filter({ hasText: word })
    .getByRole('link', { name: /^Show matches/ })
    .click();
  await page.waitForURL(`**/marketplace?search=${word}`);
  const notice = page.getByText('Your place is now Chicago, IL, where this saved search looks.');
  await expect(notice).toBeVisible();
  await expect(locationBar).toHaveText(/Chicago, IL/);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'marketplace-place-moved');

  await page.getByRole('button', { name: 'Back to Denver, CO' }).click();
  await expect(notice).toHaveCount(0);
  await expect(locationBar).toHaveText(/Denver, CO/);
  expect(await page.evaluate(() => localStorage.getItem('userRadius'))).toBe('10');
  await expect(page).toHaveURL(new RegExp(`/marketplace\\?search=${word}$`));
});
