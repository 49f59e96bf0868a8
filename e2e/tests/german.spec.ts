import { expect, test } from '@playwright/test';
import { DEMO, listThroughApi, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/**
 * An installation set to German, euros and kilometres (DEFAULT_LOCALE=de, CURRENCY=EUR, DISTANCE_UNIT=km,
 * DEFAULT_COUNTRY=DE: this lane's server, lanes.ts), read in a browser set to German. The demo account signs in:
 * alice's saved language is what language-choice.spec.ts changes.
 */
test('a German installation reads in German, prices in euros and the radius in km', async ({
  page,
  request,
}) => {
  const alice = await tokenFor(request, DEMO.alice.username, DEMO.alice.password);
  const title = uniqueName('Messinglampe ');
  const productId = await listThroughApi(request, alice.authToken, {
    title,
    description: 'Funktioniert, warmes Licht.',
    price: '12.50',
    photo: texturedPng(640, 480, Date.now() % 100_000),
  });

  // The home page is painted in German from the server's HTML, before any script.
  const home = await request.get('/', {
    headers: { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(await home.text()).toContain('<html lang="de">');
  expect(home.headers().vary).toContain('accept-language');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByPlaceholder('Finde Schätze in deiner Nähe!')).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'de-home');

  await page.goto('/login');
  await expect(page).toHaveTitle('Anmelden – Rummage');
  await page.getByLabel('Benutzername').fill(DEMO.demo.username);
  await page.getByLabel('Passwort').fill(DEMO.demo.password);
  await page.getByLabel('Passwort').press('Enter');
  await page.waitForURL('**/user-main');

  await page.goto(`/product-detail/${productId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('12,50 €').first()).toBeVisible();
  await screenshotBothWidths(page, 'de-listing');

  await page
    .getByRole('banner')
    .getByRole('button', { name: /Standort festlegen/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Standort ändern' });
  const radius = dialog.getByLabel('Umkreis (km)');
  await expect(radius).toBeVisible();
  await radius.fill('40');
  await radius.press('Enter');
  await expect(dialog).toHaveCount(0);
});
