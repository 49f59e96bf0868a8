import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AddToRouteButton, PlanRouteLink } from './AddToRouteButton';
import { MAX_ROUTE_STOPS } from './planner';
import { ROUTE_STOPS_KEY, useRouteSelection } from './selection';

const stored = () => JSON.parse(localStorage.getItem(ROUTE_STOPS_KEY) ?? '[]') as number[];

describe('useRouteSelection', () => {
  it('toggles ids in and out of storage, in the order they were added', () => {
    const { result } = renderHook(() => useRouteSelection());
    expect(result.current.ids).toEqual([]);
    act(() => void result.current.toggle(5));
    act(() => void result.current.toggle('3'));
    expect(result.current.ids).toEqual([5, 3]);
    expect(result.current.has(3)).toBe(true);
    expect(result.current.has('5')).toBe(true);
    expect(stored()).toEqual([5, 3]);
    let outcome = '';
    act(() => void (outcome = result.current.toggle(5)));
    expect(outcome).toBe('removed');
    expect(result.current.ids).toEqual([3]);
    act(() => result.current.clear());
    expect(result.current.ids).toEqual([]);
    expect(localStorage.getItem(ROUTE_STOPS_KEY)).toBeNull();
  });

  it(`stops at ${MAX_ROUTE_STOPS} sales and says so`, () => {
    const { result } = renderHook(() => useRouteSelection());
    for (let id = 1; id <= MAX_ROUTE_STOPS; id++) act(() => void result.current.toggle(id));
    expect(result.current.isFull).toBe(true);
    let outcome = '';
    act(() => void (outcome = result.current.toggle(99)));
    expect(outcome).toBe('full');
    expect(result.current.ids).toHaveLength(MAX_ROUTE_STOPS);
    expect(result.current.has(99)).toBe(false);
  });

  it('keeps every component in step, and follows other tabs through the storage event', () => {
    const first = renderHook(() => useRouteSelection());
    const second = renderHook(() => useRouteSelection());
    act(() => void first.result.current.toggle(8));
    expect(second.result.current.ids).toEqual([8]);

    // Another tab writes storage; this tab only hears the storage event.
    act(() => {
      localStorage.setItem(ROUTE_STOPS_KEY, JSON.stringify([8, 12]));
      window.dispatchEvent(new StorageEvent('storage', { key: ROUTE_STOPS_KEY }));
    });
    expect(first.result.current.ids).toEqual([8, 12]);
    expect(second.result.current.ids).toEqual([8, 12]);
  });

  it('reads unreadable storage as no picks', () => {
    localStorage.setItem(ROUTE_STOPS_KEY, '{not json');
    const { result } = renderHook(() => useRouteSelection());
    expect(result.current.ids).toEqual([]);
  });
});

describe('AddToRouteButton', () => {
  it('is a pressed/unpressed toggle whose label says what a press will do', () => {
    render(
      <MemoryRouter>
        <AddToRouteButton saleId={4} />
        <AddToRouteButton saleId={4} />
        <PlanRouteLink />
      </MemoryRouter>,
    );
    const [button] = screen.getAllByRole('button', { name: 'Add to route' });
    expect(button!.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(button!);
    // Both toggles for the same sale agree.
    const pressed = screen.getAllByRole('button', { name: 'Remove from route' });
    expect(pressed).toHaveLength(2);
    expect(pressed[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Plan my route (1)' }).getAttribute('href')).toBe(
      '/garage/route',
    );
    fireEvent.click(pressed[0]!);
    expect(screen.getAllByRole('button', { name: 'Add to route' })).toHaveLength(2);
  });

  it('does not follow the card link it sits in', () => {
    render(
      <MemoryRouter>
        <a href="/garage/4" onClick={() => (window.location.hash = 'navigated')}>
          card <AddToRouteButton saleId={4} />
        </a>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to route' }));
    expect(window.location.hash).toBe('');
    expect(stored()).toEqual([4]);
  });

  it('explains the cap when the route is full', () => {
    localStorage.setItem(
      ROUTE_STOPS_KEY,
      JSON.stringify(Array.from({ length: MAX_ROUTE_STOPS }, (_, i) => i + 1)),
    );
    render(
      <MemoryRouter>
        <AddToRouteButton saleId={50} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to route' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Your route already has 10 sales. Remove one to add this sale.',
    );
    expect(screen.getByRole('button', { name: 'Add to route' }).getAttribute('aria-pressed')).toBe('false');
  });
});
