import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotBothWidths } from './support';
import { DEMO, signIn } from './people';

// The sale is in Illinois, whose wall clock the form speaks; the browser runs in the same zone, as a host would.
test.use({ timezoneId: 'America/Chicago' });

/** Date and 12-hour time parts of an instant on Chicago's wall clock. */
function chicagoParts(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: String(Number(parts.hour)),
    minute: parts.minute!,
    period: parts.dayPeriod!.toUpperCase(),
  };
}

async function saveChicago(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('userAddress', 'Chicago, IL');
    localStorage.setItem('userLat', '41.85003');
    localStorage.setItem('userLng', '-87.65005');
    localStorage.setItem('userRadius', '25');
  });
}

test('a host announces a sale starting soon; buyers see it counting down and plan a route', async ({
  page,
}) => {
  // Start 10–15 minutes from now on a 5-minute step; end tomorrow at noon (the picker's default).
  const start = new Date(Math.ceil((Date.now() + 10 * 60_000) / 300_000) * 300_000);
  const startAt = chicagoParts(start);
  const tomorrow = chicagoParts(new Date(start.getTime() + 24 * 3600_000));

  await signIn(page, DEMO.demo.username, DEMO.demo.password);
  await page.goto('/create-garage');
  await page.getByRole('combobox', { name: 'sale address' }).fill('Evanston');
  await page.getByRole('option', { name: 'Evanston, IL', exact: true }).click();
  await page.getByLabel('start date', { exact: true }).fill(startAt.date);
  await page.getByLabel('end date', { exact: true }).fill(tomorrow.date);
  await page.getByLabel('start time hour').selectOption(startAt.hour);
  await page.getByLabel('start time minute').selectOption(startAt.minute);
  await page.getByLabel('start time AM or PM').selectOption(startAt.period);
  for (const item of ['Furniture', 'Books', 'Toys']) await page.getByRole('checkbox', { name: item }).check();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'create-garage');
  await page.getByRole('button', { name: 'create', exact: true }).click();
  await expect(page.getByText('Garage sale created successfully!')).toBeVisible();
  await page.waitForURL('**/user-main');

  // Around Chicago there are five or more sales: the strip is a carousel, soonest first, counting down.
  await saveChicago(page);
  await page.goto('/marketplace');
  const strip = page.getByRole('region', { name: 'Garage sales' });
  await expect(strip).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Next garage sales' })).toBeVisible();
  const ours = strip.getByRole('link', { name: /Garage Sale in Evanston, IL/ }).first();
  await expect(ours).toBeVisible();
  const countdown = strip
    .getByRole('listitem')
    .filter({ hasText: 'Garage Sale in Evanston, IL' })
    .first()
    .getByRole('timer');
  await expect(countdown).toHaveText(/\d{2}:\d{2}:\d{2}:\d{2}/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before!, { timeout: 5_000 });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'marketplace-garage-strip');

  // Pick three sales for a route, ours among them.
  const addButtons = strip.getByRole('button', { name: 'Add to route' });
  await strip
    .getByRole('listitem')
    .filter({ hasText: 'Garage Sale in Evanston, IL' })
    .first()
    .getByRole('button', { name: 'Add to route' })
    .click();
  await addButtons.first().click();
  await addButtons.first().click();
  await expect(strip.getByRole('button', { name: 'Remove from route' })).toHaveCount(3);

  await ours.click();
  await page.waitForURL('**/garage/*');
  await expect(page.getByRole('heading', { level: 1, name: 'Garage Sale in Evanston, IL' })).toBeVisible();
  await expect(page.getByText('time left')).toBeVisible();
  await expect(page.getByText('Direction locked until event time')).toBeVisible();
  await expect(page.getByRole('link', { name: /open google maps/ })).toHaveAttribute('aria-disabled', 'true');
  const expectList = page.getByRole('list', { name: 'Items to Expect' });
  for (const item of ['Furniture', 'Books', 'Toys']) {
    await expect(expectList.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshotBothWidths(page, 'garage-detail');

  await page
    .getByRole('link', { name: /Plan my route \(3\)/ })
    .first()
    .click();
  await page.waitForURL('**/garage/route');
  const order = page.getByRole('list', { name: 'Visiting order' });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  const maps = page.getByRole('link', { name: /Open route in maps/ });
  const href = new URL((await maps.getAttribute('href'))!);
  expect(href.searchParams.get('origin')).toMatch(/^41\.85/);
  expect(href.searchParams.get('waypoints')?.split('|')).toHaveLength(2);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'garage-route');
});
