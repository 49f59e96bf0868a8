import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { garageSale } from '../../../test/garageSales';
import { productDetail } from '../../../test/listings';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('product detail: the seller’s garage sales', () => {
  it('shows them as garage-sale cards below the seller’s other items', async () => {
    mockApi({
      'GET /api/Product/300': { body: { data: productDetail() } },
      'GET /api/GarageSale/user/9': {
        body: [
          garageSale(21, { userId: 9, location: 'Denver, CO' }),
          garageSale(22, { userId: 9, location: 'Aurora, CO', endsAt: '2026-11-28T11:00:00Z' }),
        ],
      },
    });
    renderApp('/product-detail/300');
    const list = await screen.findByRole(
      'list',
      { name: 'Garage sales by @milehighmarket' },
      { timeout: 5000 },
    );
    // The one that has ended is left out.
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/garage/21']);
    expect(within(list).getByRole('timer')).toBeTruthy();
  });
});
