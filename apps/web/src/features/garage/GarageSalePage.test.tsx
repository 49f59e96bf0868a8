import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { messages, type GarageSale } from '@rummage/contract';
import { mockApi, storeSession, ME_OK } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { productCard } from '../../test/products';
import { seriousA11yViolations } from '../../test/location';
import { garageSale } from '../../test/garageSales';
import { loadLanguage } from '../../shared/i18n/catalogues';

const G = messages.garage;
// Friday 27 November 2026, 6 PM in Chicago; the sale starts tomorrow at 9 AM there (15:00 UTC).
const NOW = new Date('2026-11-28T00:00:00.000Z');
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});
afterAll(() => {
  process.env.TZ = previousTz;
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function mockSale(sale: GarageSale | null, others: GarageSale[] = []) {
  return mockApi({
    [`GET /api/GarageSale/${sale?.id ?? 3}`]: sale
      ? { body: { data: sale } }
      : { status: 404, body: { message: G.notFound } },
    'GET /api/GarageSale/user/5': { body: { data: sale ? [sale, ...others] : others } },
    'GET /api/Product/unsold/user/5': { body: { data: [productCard(60, { title: 'Brass lamp' })] } },
  });
}

async function openSale(sale: GarageSale | null, others: GarageSale[] = []) {
  const api = mockSale(sale, others);
  const app = renderApp(`/garage/${sale?.id ?? 3}`);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { api, app };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('garage sale detail', () => {
  it('shows the headline, tomorrow’s start, the countdown, locked directions, items, map and host', async () => {
    const other = garageSale(8, {
      location: 'Evanston, IL',
      eventDate: '2026-11-29T15:00:00Z',
      endsAt: '2026-11-29T20:00:00Z',
    });
    await openSale(garageSale(3), [other]);
    expect(screen.getByRole('heading', { level: 1, name: 'Garage Sale in Chicago, IL' })).toBeTruthy();
    expect(screen.getByText('Tomorrow at 9:00 AM')).toBeTruthy();
    expect(screen.getByText('until 2:00 PM')).toBeTruthy();
    expect(screen.getByRole('heading', { name: G.timeLeft })).toBeTruthy();
    const timer = screen.getByRole('timer', { name: /^Time left/ });
    // 15 hours to go.
    for (const [label, value] of [
      [G.days, '00'],
      [G.hours, '15'],
      [G.minutes, '00'],
      [G.seconds, '00'],
    ] as const) {
      expect(within(timer).getByText(label).previousElementSibling?.textContent).toBe(value);
    }
    tick(1000);
    expect(
      within(screen.getByRole('timer', { name: /^Time left/ })).getByText(G.seconds).previousElementSibling
        ?.textContent,
    ).toBe('59');
    expect(screen.getByText(G.directionLocked)).toBeTruthy();
    const maps = screen.getByRole('link', { name: G.openMaps });
    expect(maps.getAttribute('aria-disabled')).toBe('true');
    expect(maps.hasAttribute('href')).toBe(false);
    // Not focusable: it is no link to follow yet.
    maps.focus();
    expect(document.activeElement).not.toBe(maps);

    const items = screen.getByRole('list', { name: G.itemsToExpect });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Furniture', 'Books']);
    expect(screen.getByRole('button', { name: G.viewMore })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^@windycitythrift/ }).getAttribute('href')).toBe('/user-main/5');
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByRole('button', { name: 'Add to route' })).toBeTruthy();
    // The host's other sales (this one left out) and items.
    const more = await screen.findByRole('list', { name: 'More garage sales from @windycitythrift' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/garage/8']);
    expect(await screen.findByRole('link', { name: 'Brass lamp' })).toBeTruthy();
    await act(async () => {
      expect(await seriousA11yViolations()).toEqual([]);
    });
  });

  it('turns live when the countdown reaches zero, and opens the directions', async () => {
    await openSale(garageSale(3, { eventDate: '2026-11-28T00:00:03.000Z' }));
    expect(
      within(screen.getByRole('timer', { name: /^Time left/ })).getByText(G.seconds).previousElementSibling
        ?.textContent,
    ).toBe('03');
    expect(screen.getByText(G.directionLocked)).toBeTruthy();
    tick(2000);
    expect(screen.queryByText(G.live)).toBeNull();
    tick(1000);
    expect(screen.getByRole('heading', { name: G.live })).toBeTruthy();
    expect(screen.getByText(G.liveText)).toBeTruthy();
    expect(screen.queryByText(G.directionLocked)).toBeNull();
    expect(screen.queryByRole('timer', { name: /^Time left/ })).toBeNull();
    const maps = screen.getByRole('link', { name: /open google maps/ });
    expect(maps.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=41.92,-87.7');
    expect(maps.getAttribute('aria-disabled')).toBeNull();
    expect(maps.getAttribute('target')).toBe('_blank');
  });

  it('says "Today at" for a start later today, and leads the host to their own profile', async () => {
    storeSession({ userId: '5' });
    mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/GarageSale/3': { body: garageSale(3, { eventDate: '2026-11-28T02:30:00.000Z' }) },
    });
    renderApp('/garage/3');
    expect(await screen.findByText('Today at 8:30 PM', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^@windycitythrift/ }).getAttribute('href')).toBe('/user-main');
  });

  it('says "No valid event date/time" without a usable start', async () => {
    await openSale(garageSale(3, { eventDate: '', startDate: 'someday' }));
    // Once, in the countdown panel, where the time left would be.
    expect(screen.getAllByText(G.noValidDate)).toHaveLength(1);
    expect(screen.getByRole('link', { name: G.openMaps }).getAttribute('aria-disabled')).toBe('true');
  });

  it('says the sale is not available when it does not exist or has ended', async () => {
    await openSale(null);
    expect(screen.getByRole('heading', { level: 1, name: 'This garage sale is not available' })).toBeTruthy();
    expect(screen.getByText(G.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
  });

  it('says so when the sale ends while the page is open', async () => {
    await openSale(garageSale(3, { eventDate: '2026-11-27T20:00:00Z', endsAt: '2026-11-28T00:00:02Z' }));
    expect(screen.getByRole('heading', { name: G.live })).toBeTruthy();
    tick(2000);
    expect(screen.getByRole('heading', { level: 1, name: 'This garage sale is not available' })).toBeTruthy();
  });

  it('opens the large map from "view more"', async () => {
    await openSale(garageSale(3));
    fireEvent.click(screen.getByRole('button', { name: G.viewMore }));
    expect(screen.getByRole('dialog', { name: /Garage sale location/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close map' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads in German: headline, start, countdown, route toggle and the host’s other sales', async () => {
    const other = garageSale(8, {
      location: 'Evanston, IL',
      eventDate: '2026-11-29T15:00:00Z',
      endsAt: '2026-11-29T20:00:00Z',
    });
    mockSale(garageSale(3), [other]);
    renderApp('/garage/3', { language: await loadLanguage('de') });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Hofflohmarkt in Chicago, IL' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Morgen um /)).toBeTruthy();
    expect(
      screen.getByRole('timer', {
        name: 'Zeit bis zum Beginn des Flohmarkts: 0 Tage, 15 Stunden, 0 Minuten, 0 Sekunden',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zur Route hinzufügen' })).toBeTruthy();
    const items = screen.getByRole('list', { name: 'Das gibt es zu entdecken' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Möbel', 'Bücher']);
    const more = await screen.findByRole('list', { name: 'Weitere Hofflohmärkte von @windycitythrift' });
    expect(within(more).getByRole('timer', { name: /^Beginnt in 1 Tag, 15 Stunden/ })).toBeTruthy();
  });
});
