import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, listThroughApi, OPERATOR_ADMIN, signIn, tokenFor } from './people';
import { texturedPng } from './photos';
import { expectAccessible, screenshotBothWidths, uniqueName } from './support';

/** Lists a teak bench with `photo` through the API (setup: the listing journeys go through the form). */
const listWithPhoto = (request: APIRequestContext, token: string, title: string, photo: Buffer) =>
  listThroughApi(request, token, { title, description: 'Teak, seats three.', price: '60', photo });

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
