import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3400';
const locale = process.env.LOC ?? 'de-DE';
const out = process.env.OUT ?? '/tmp/look/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = (process.env.PAGES ?? '/').split(',');
for (const width of (process.env.WIDTHS ?? '375,1280').split(',').map(Number)) {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (process.env.LOGIN) {
    await page.goto(base + '/login');
    await page.locator('input').nth(0).fill('alice');
    await page.locator('input[type=password]').fill('Alice123!');
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL('**/user-main');
  }
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' }).catch(() => {});
    await page.waitForTimeout(1000);
    const name = `${out}/${width}${path.replaceAll('/', '_').replaceAll('?', '_') || '_home'}.png`;
    await page.screenshot({ path: name, fullPage: true });
  }
  await context.close();
}
await browser.close();
