import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * axe-core on the page as it is now, every rule it runs by default, reporting the violations in full (the passes
 * only as counts). In the page itself ("legacy mode"): by default @axe-core/playwright also opens a blank page to
 * put the results of each frame together, which took 5 of every 8 s here; our pages have no frames from another
 * origin, the one thing that needs it.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A step of its own, so the report shows what the checks cost a journey.
  const results = await test.step('axe', () => axeOf(page).analyze(), { box: true });
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

const shotsDir = join(import.meta.dirname, '..', '.artifacts', 'screenshots');

/**
 * Full-page screenshots at the SPEC's narrow (375 px) and wide (1280 px) layouts, kept for people to look at, when
 * E2E_SCREENSHOTS=1. Nothing asserts on them, and at two widths they were an eighth of the journeys' time (52 of
 * 652 s in one run), so `npm test` and CI leave them out.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await test.step(`screenshots ${name}`, () => screenshots(page, name), { box: true });
}

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // From the top, so the sticky header sits where a person first sees it.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The links of the header's avatar menu (guest or signed-in), once it is open. */
export function accountMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}
