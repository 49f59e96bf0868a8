import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type GarageSale } from '@rummage/contract';
import { saveLocation, saveRadius } from '../../shared/session/storage';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { feedPage, productRange } from '../../test/products';
import { seriousA11yViolations } from '../../test/location';
import { resetReloadCheckForTests } from '../marketplace';
import { resetExpiryDeletesForTests } from './api';
import { SLIDE_CLASS, STRIP_VISIBLE, visibleSlides } from './GarageStrip';
import { garageSale } from '../../test/garageSales';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const SALES = `GET ${API.marketplace.garageSales}`;

/** Sales 1..count, an hour apart from 15:00 UTC, each running 5 hours. */
function upcoming(count: number, first = 1): GarageSale[] {
  return Array.from({ length: count }, (_, index) => {
    const start = Date.parse('2026-11-28T15:00:00Z') + index * 3_600_000;
    return garageSale(first + index, {
      location: `Town ${first + index}, IL`,
      eventDate: new Date(start).toISOString(),
      endsAt: new Date(start + 5 * 3_600_000).toISOString(),
    });
  });
}

function mockMarketplace(sales: (url: URL) => GarageSale[]) {
  const requests: URLSearchParams[] = [];
  const api = mockApi({
    [`GET ${API.marketplace.products}`]: { body: feedPage(productRange(1, 3)) },
    [SALES]: ({ url }) => {
      requests.push(url.searchParams);
      return { body: { data: sales(url) } };
    },
    'DELETE /api/GarageSale/delete/40': { body: { message: 'gone' } },
    'DELETE /api/GarageSale/delete/41': { body: { message: 'gone' } },
  });
  return { ...api, requests };
}

beforeEach(() => {
  resetReloadCheckForTests();
  resetExpiryDeletesForTests();
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('marketplace garage-sale strip', () => {
  it('shows 5 or more sales as a carousel region, asking near the saved place', async () => {
    saveLocation('Chicago, IL', 41.88, -87.63);
    const { requests } = mockMarketplace(() => upcoming(6));
    renderApp('/marketplace');
    const region = await screen.findByRole('region', { name: 'Garage sales' }, { timeout: 5000 });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const links = within(region).getAllByRole('link', { name: /^Garage Sale in Town \d, IL$/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((id) => `/garage/${id}`),
    );
    expect(within(region).getAllByRole('timer')).toHaveLength(6);
    expect(within(region).getByRole('button', { name: 'Previous garage sales' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Next garage sales' })).toBeTruthy();
    expect(Object.fromEntries(requests[0]!)).toEqual({
      latitude: '41.88',
      longitude: '-87.63',
      radiusKm: '40.2335',
    });
    // The product grid keeps only products.
    await screen.findByRole('link', { name: 'Item 1' });
    const grid = screen.getByRole('list', { name: 'Listings' });
    expect(within(grid).queryByRole('link', { name: /Garage Sale/ })).toBeNull();
    // Each slide is a quarter of the track from 1024 px, a third from 768 px, else a half.
    for (const slide of within(region).getAllByRole('listitem')) {
      expect(slide.className).toContain('w-[calc((100%-0.75rem)/2)]');
      expect(slide.className).toContain('md:w-[calc((100%-2rem)/3)]');
      expect(slide.className).toContain('lg:w-[calc((100%-3rem)/4)]');
      expect(slide.className).toContain('snap-start');
    }
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('fits 4 cards at 1024 px and wider, 3 from 768 px, else 2', () => {
    expect(STRIP_VISIBLE).toEqual({ lg: 4, md: 3, base: 2 });
    expect([1280, 1024, 1023, 768, 767, 375].map(visibleSlides)).toEqual([4, 4, 3, 3, 2, 2]);
    expect(SLIDE_CLASS).toContain('shrink-0');
  });

  it('moves a page of cards with next, and from card to card with the arrow keys', async () => {
    mockMarketplace(() => upcoming(6));
    renderApp('/marketplace');
    const region = await screen.findByRole('region', { name: 'Garage sales' }, { timeout: 5000 });
    const track = screen.getByTestId('garage-strip-track');
    const scrollBy = vi.fn();
    Object.assign(track, { scrollBy });
    Object.defineProperty(track, 'clientWidth', { value: 800, configurable: true });
    Object.defineProperty(track, 'scrollWidth', { value: 1600, configurable: true });
    fireEvent.scroll(track);
    fireEvent.click(within(region).getByRole('button', { name: 'Next garage sales' }));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 800 }));
    // Back is refused at the start (aria-disabled keeps the focus on the button).
    const previous = within(region).getByRole('button', { name: 'Previous garage sales' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    const links = within(region).getAllByRole('link', { name: /^Garage Sale in/ });
    links[0]!.focus();
    fireEvent.keyDown(links[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1]!, { key: 'End' });
    expect(document.activeElement).toBe(links[5]);
    fireEvent.keyDown(links[5]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(links[4]);
  });

  it('puts 1 to 4 sales at the front of the product grid instead', async () => {
    mockMarketplace(() => upcoming(3));
    renderApp('/marketplace');
    await screen.findByRole('link', { name: 'Item 1' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Garage sales' })).toBeNull();
    const grid = screen.getByRole('list', { name: 'Listings' });
    const links = within(grid).getAllByRole('link');
    expect(links.slice(0, 4).map((link) => link.textContent)).toEqual([
      'Garage Sale in Town 1, IL',
      'Garage Sale in Town 2, IL',
      'Garage Sale in Town 3, IL',
      'Item 1',
    ]);
    expect(within(grid).getAllByRole('button', { name: 'Add to route' })).toHaveLength(3);
  });

  it('drops sales that have ended and sends a delete for each, once', async () => {
    const ended = garageSale(40, { eventDate: '2026-11-28T06:00:00Z', endsAt: '2026-11-28T11:00:00Z' });
    const { calls } = mockMarketplace(() => [ended, ...upcoming(4)]);
    renderApp('/marketplace');
    await screen.findByRole('link', { name: 'Garage Sale in Town 1, IL' }, { timeout: 5000 });
    // Five came, one had ended: four are left, so no carousel.
    expect(screen.queryByRole('region', { name: 'Garage sales' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Garage Sale in Chicago/ })).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/api/GarageSale/delete/40',
      ]),
    );
  });

  it('drops a sale the moment it ends while the page is open', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    vi.setSystemTime(NOW);
    const soon = garageSale(41, {
      location: 'Oak Park, IL',
      eventDate: '2026-11-28T10:00:00Z',
      endsAt: '2026-11-28T12:00:30Z',
    });
    const { calls } = mockMarketplace(() => [soon, ...upcoming(2)]);
    renderApp('/marketplace');
    expect(
      await screen.findByRole('link', { name: 'Garage Sale in Oak Park, IL' }, { timeout: 5000 }),
    ).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Garage Sale in Oak Park, IL' })).toBeNull(),
    );
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/GarageSale/delete/41')).toBe(
      true,
    );
  });

  it('loads again for a new place or radius', async () => {
    saveLocation('Chicago, IL', 41.88, -87.63);
    const { requests } = mockMarketplace((url) =>
      url.searchParams.get('latitude') === '41.88' ? upcoming(1) : upcoming(1, 7),
    );
    renderApp('/marketplace');
    await screen.findByRole('link', { name: 'Garage Sale in Town 1, IL' }, { timeout: 5000 });
    act(() => saveLocation('Evanston, IL', 42.05, -87.69));
    expect(await screen.findByRole('link', { name: 'Garage Sale in Town 7, IL' })).toBeTruthy();
    act(() => saveRadius(10));
    await waitFor(() => expect(requests.at(-1)?.get('radiusKm')).toBe('16.0934'));
  });
});
