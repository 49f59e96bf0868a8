// @vitest-environment node
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { API, PAGE_SIZE } from '@rummage/contract';
import { garageSale } from './test/garageSales';
import { productDetail } from './test/listings';
import { renderPage, setApiTransport } from './prerender';

// As on a server: no window, and a clock in another zone than the sale's. The clock stands on the morning before
// the sale (an ended sale is not shown), whatever day the suite runs.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T06:00:00.000Z'));
});
afterAll(() => {
  vi.useRealTimers();
  process.env.TZ = zoneBefore;
});

it('renders the marketplace’s garage sales at the sale’s own time, not the server’s', async () => {
  const sale = garageSale(1, { eventDate: '2026-11-28T15:00:00.000Z', endsAt: '2026-11-28T20:00:00.000Z' });
  const feed = `${API.marketplace.products}?page=1&pageSize=${PAGE_SIZE.marketplace}`;
  const answers: Record<string, unknown> = {
    [feed]: {
      data: [productDetail()],
      page: 1,
      pageSize: PAGE_SIZE.marketplace,
      before: '2026-11-21T00:00:00Z',
    },
    [API.marketplace.garageSales]: { data: [sale] },
  };
  setApiTransport(async (url) =>
    answers[url] === undefined
      ? new Response('{"message":"Not found"}', { status: 404 })
      : new Response(JSON.stringify(answers[url]), { headers: { 'content-type': 'application/json' } }),
  );

  const { markup } = await renderPage('/marketplace');

  expect(markup).toContain('Stetson felt cowboy hat');
  // 15:00 UTC is 9:00 AM in Chicago, where the sale is.
  expect(markup).toContain('9:00 AM');
  expect(markup).not.toContain('3:00 PM');
});
