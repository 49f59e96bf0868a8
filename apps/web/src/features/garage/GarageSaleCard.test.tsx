import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { COUNTDOWN_TICK_MS } from '@rummage/contract';
import { GarageSaleCard } from './GarageSaleCard';
import { garageSale } from '../../test/garageSales';
import { isTickerRunning } from './useNow';

const NOW = new Date('2026-11-28T14:59:55.000Z'); // 5 s before the sale's start

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderCards(...sales: ReturnType<typeof garageSale>[]) {
  return render(
    <MemoryRouter>
      <ul>
        {sales.map((sale) => (
          <li key={sale.id}>
            <GarageSaleCard sale={sale} />
          </li>
        ))}
      </ul>
    </MemoryRouter>,
  );
}

const tick = (ms = COUNTDOWN_TICK_MS) => act(() => vi.advanceTimersByTime(ms));

describe('GarageSaleCard', () => {
  it('links "Garage Sale in {place}" to /garage/{id}, with Add to route beside the link, not inside it', () => {
    renderCards(garageSale(3));
    const link = screen.getByRole('link', { name: 'Garage Sale in Chicago, IL' });
    expect(link.getAttribute('href')).toBe('/garage/3');
    const button = screen.getByRole('button', { name: 'Add to route' });
    expect(link.contains(button)).toBe(false);
    expect(button.closest('a')).toBeNull();
    // No location known: the address stands in.
    renderCards(garageSale(4, { location: null, title: '12 Elm St, Evanston, IL' }));
    expect(screen.getByRole('link', { name: 'Garage Sale in 12 Elm St, Evanston, IL' })).toBeTruthy();
  });

  it('counts down every second to the start, then shows LIVE', () => {
    renderCards(garageSale(1));
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('00:00:00:05');
    expect(timer.getAttribute('aria-label')).toBe('Starts in 0 days, 0 hours, 0 minutes, 5 seconds');
    tick();
    expect(screen.getByRole('timer').textContent).toContain('00:00:00:04');
    tick(3000);
    expect(screen.getByRole('timer').textContent).toContain('00:00:00:01');
    tick();
    const live = screen.getByRole('timer', { name: 'Live now' });
    expect(live.textContent).toBe('LIVE');
  });

  it('shows days, hours and minutes with two digits each, and the start as text', () => {
    renderCards(garageSale(2, { eventDate: '2026-11-30T17:05:09.000Z' }));
    // 2 days, 2 hours, 5 minutes, 14 seconds after NOW.
    expect(screen.getByRole('timer').textContent).toContain('02:02:05:14');
  });

  it('drives every card from one shared clock, stopped when the last card goes', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const { unmount } = renderCards(
      garageSale(1),
      garageSale(2, { eventDate: '2026-11-28T15:00:10.000Z' }),
      garageSale(3, { eventDate: '2026-11-28T15:01:00.000Z' }),
    );
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(setIntervalSpy.mock.calls[0]?.[1]).toBe(COUNTDOWN_TICK_MS);
    tick();
    const timers = screen.getAllByRole('timer').map((timer) => timer.textContent);
    expect(timers).toEqual([
      expect.stringContaining('00:00:00:04'),
      expect.stringContaining('00:00:00:14'),
      expect.stringContaining('00:00:01:04'),
    ]);
    expect(isTickerRunning()).toBe(true);
    unmount();
    expect(isTickerRunning()).toBe(false);
  });

  it('starts from startDate + startTime when eventDate is missing', () => {
    renderCards(
      garageSale(5, {
        eventDate: undefined as unknown as string,
        startDate: '2026-11-28',
        startTime: '09:00:10',
        timeZone: 'America/Chicago',
      }),
    );
    // 9:00:10 AM in Chicago is 15:00:10 UTC: 15 seconds from NOW.
    expect(within(screen.getByRole('article')).getByRole('timer').textContent).toContain('00:00:00:15');
  });
});
