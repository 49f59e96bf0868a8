import { expect, test } from '@playwright/test';
import { DEMO, listThroughApi, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, uniqueName } from './support';

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
 * On the German installation (this lane's server, lanes.ts), a person's own choice of language wins over the
 * browser's: the footer switches the page where it stands, and for a signed-in person the choice is saved on the
 * account and follows them to another browser.
 */
test('the footer switches a German page to Spanish, and a signed-in choice follows the person', async ({
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
  const title = uniqueName('Stehlampe ');
  const productId = await listThroughApi(request, alice.authToken, {
    title,
    description: 'Funktioniert.',
    price: '12.50',
    photo: texturedPng(640, 480, Date.now() % 100_000),
  });

  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(DEMO.alice.username);
  await page.getByLabel('Passwort').fill(DEMO.alice.password);
  await page.getByLabel('Passwort').press('Enter');
  await page.waitForURL('**/user-main');
  await page.goto(`/product-detail/${productId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The person's own choice wins over the browser's language, and the page stays where it was.
  const footer = page.getByRole('contentinfo');
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
