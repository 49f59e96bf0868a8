import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, OPERATOR_ADMIN, signIn, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/** Lists an item through the API with one photo (setup: the listing journeys go through the form). */
async function listWithPhoto(request: APIRequestContext, token: string, title: string, photo: Buffer) {
  const response = await request.post('/api/Product/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      Title: title,
      Description: 'Teak, seats three.',
      Price: '60',
      Latitude: '41.8781',
      Longitude: '-87.6298',
      Images: { name: 'bench.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test("staff see Rummage's own report of a listing whose photo is another seller's, and open the original", async ({
  page: staff,
  request,
}) => {
  // Alice lists a bench; Bob lists one with the very same photo.
  const photo = texturedPng(640, 480, Date.now() % 100_000);
  const [alice, bob] = await Promise.all([
    tokenFor(request, DEMO.alice.username, DEMO.alice.password),
    tokenFor(request, DEMO.bob.username, DEMO.bob.password),
  ]);
  const original = await listWithPhoto(request, alice.authToken, uniqueName('Teak bench '), photo);
  const copyTitle = uniqueName('Garden bench ');
  const copy = await listWithPhoto(request, bob.authToken, copyTitle, photo);

  // The check runs in the background: staff find its report in the queue once it has.
  const operator = await tokenFor(request, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/Staff/reports?status=open&pageSize=100', {
          headers: { authorization: `Bearer ${operator.authToken}` },
        });
        const body = (await response.json()) as { data: Array<{ productId: number }> };
        return body.data.some((entry) => entry.productId === copy);
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  await signIn(staff, OPERATOR_ADMIN.username, OPERATOR_ADMIN.password);
  await staff.goto('/staff');
  await staff.getByRole('tab', { name: 'Reports' }).click();
  const reports = staff.getByRole('region', { name: 'Reports' });
  const reported = reports
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: copyTitle }) });
  await expect(reported).toContainText('Rummage');
  const match = reported.getByRole('link', {
    name: `A photo matches one in listing #${original} by @${DEMO.alice.username}.`,
  });
  await expect(match).toBeVisible();
  // Nothing was hidden: the listing is in the queue for staff to judge, like any other report.
  await expect(reported.getByRole('button', { name: 'Hide listing' })).toBeVisible();
  await expectAccessible(staff);
  await screenshotBothWidths(staff, 'staff-duplicate-photo');

  await match.click();
  await staff.waitForURL(`**/product-detail/${original}`);
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('Teak bench');
});
