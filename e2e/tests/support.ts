import type axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type AxeInPage = { axe?: typeof axe };

// The minified build: the page is sent the script over the DevTools protocol, and axe-core's `source` (axe.js) is
// 1.5 MB against axe.min.js's 0.65 MB.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page as it is now, every rule it runs by default, reporting the violations in full (the passes
 * only as counts). axe is put into the page once and stays there across the app's own navigations: sending its
 * source for every check (twice, as @axe-core/playwright's legacy mode does) was most of what a check cost.
 * Run in the page itself: our pages have no frames, the one thing that needs axe's cross-frame run.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const present = await page.evaluate(() => typeof (window as AxeInPage).axe?.run === 'function');
  if (!present) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as AxeInPage).axe!.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations;
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A step of its own, so the report shows what the checks cost a journey.
  const violations = await test.step('axe', () => axeViolations(page), { box: true });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
