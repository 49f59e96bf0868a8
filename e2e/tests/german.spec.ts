import { expect, test } from '@playwright/test';
import { DEMO, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/** GET /api/Account/me's answer, as far as this journey reads it. */
interface Me {
  id: number;
  username: string;
  email: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  language: string | null;
}

/**
 * An installation set to German, euros and kilometres (DEFAULT_LOCALE=de, CURRENCY=EUR, DISTANCE_UNIT=km,
 * DEFAULT_COUNTRY=DE: this lane's server, lanes.ts), read in a browser set to German.
 */
test('a German installation reads in German, prices in euros and the radius in km; the footer switches to Spanish', async ({
  page,
  request,
  browser,
}) => {
  const alice = await tokenFor(request, DEMO.alice.username, DEMO.alice.password);
  const asAlice = { authorization: `Bearer ${alice.authToken}` };
  const aliceNow = async () =>
    ((await (await request.get('/api/Account/me', { headers: asAlice })).json()) as { data: Me }).data;
  // The footer saves alice's choice on her account below; a retry starts without one.
  const before = await aliceNow();
  if (before.language !== null) {
    const { id, username, email, address, latitude, longitude } = before;
    const cleared = await request.post('/api/User/update-user-details', {
      headers: asAlice,
      data: { userId: id, userName: username, email, address, latitude, longitude, language: null },
    });
    expect(cleared.ok()).toBe(true);
  }
  const title = uniqueName('Messinglampe ');
  const listed = await request.post('/api/Product/add', {
    headers: { authorization: `Bearer ${alice.authToken}` },
    multipart: {
      Title: title,
      Description: 'Funktioniert, warmes Licht.',
      Price: '12.50',
      Latitude: '41.8781',
      Longitude: '-87.6298',
      Images: {
        name: 'lamp.png',
        mimeType: 'image/png',
        buffer: texturedPng(640, 480, Date.now() % 100_000),
      },
    },
  });
  expect(listed.status()).toBe(201);
  const productId = ((await listed.json()) as { data: { id: number } }).data.id;

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
  await page.getByLabel('Benutzername').fill(DEMO.alice.username);
  await page.getByLabel('Passwort').fill(DEMO.alice.password);
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

  // The person's own choice wins over the browser's language, and the page stays where it was.
  await footer.getByRole('navigation', { name: 'Sprache' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveURL(new RegExp(`/product-detail/${productId}$`));
  await expect(footer.getByRole('link', { name: 'términos del servicio' })).toBeVisible();
  await expect(
    footer.getByRole('navigation', { name: 'Idioma' }).getByRole('button', { name: 'Español' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('12,50 €').first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/');
  await expect(page.getByPlaceholder('¡encuentra gangas cerca de ti!')).toBeVisible();
  await expectAccessible(page);

  // Alice was signed in, so the choice is saved on her account and follows her to a browser set to German.
  expect((await aliceNow()).language).toBe('es');
  const elsewhere = await browser.newContext({ locale: 'de-DE', baseURL: test.info().project.use.baseURL });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await other.getByLabel('Benutzername').fill(DEMO.alice.username);
  await other.getByLabel('Passwort').fill(DEMO.alice.password);
  await other.getByLabel('Passwort').press('Enter');
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    other.getByRole('contentinfo').getByRole('link', { name: 'términos del servicio' }),
  ).toBeVisible();
  await elsewhere.close();
});
