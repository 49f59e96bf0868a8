import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3400';
const locale = process.env.LOC ?? 'de-DE';
const out = process.env.OUT ?? '/tmp/look/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = (process.env.PAGES ?? '/,/marketplace,/register,/login').split(',');
for (const width of [375, 1280]) {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (process.env.LOGIN) {
    await page.goto(base + '/login');
    const r = await page.request.post(base + '/api/Account/login', { data: { userName: 'alice', password: 'Alice123!' } });
    const d = (await r.json()).data;
    await page.evaluate((d) => localStorage.setItem('session', JSON.stringify(d)), d);
  }
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' }).catch(() => {});
    await page.waitForTimeout(800);
    const name = `${out}/${width}${path.replaceAll('/', '_') || '_home'}.png`;
    await page.screenshot({ path: name, fullPage: width === 375 ? false : true });
  }
  await context.close();
}
await browser.close();
