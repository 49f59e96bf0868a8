import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { API, SESSION_KEYS } from '@rummage/contract';
import { saveLocation, saveRadius } from '../../shared/session/storage';
import { mockApi } from '../../test/api';
import { feedPage, productRange } from '../../test/products';
import { useProductFeed } from './useProductFeed';

const FEED = `GET ${API.marketplace.products}`;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Answers the feed from `pages` (by the page parameter) and records every query string. */
function mockFeed(pages: Record<number, ReturnType<typeof feedPage>>) {
  const requests: URLSearchParams[] = [];
  mockApi({
    [FEED]: ({ url }) => {
      requests.push(url.searchParams);
      const page = pages[Number(url.searchParams.get('page'))];
      return page ? { body: page } : { body: feedPage([]) };
    },
  });
  return requests;
}

describe('useProductFeed', () => {
  it('sends page, pageSize and search, and the saved place with the radius in kilometres', async () => {
    localStorage.setItem(SESSION_KEYS.userLat, '41.8781');
    localStorage.setItem(SESSION_KEYS.userLng, '-87.6298');
    localStorage.setItem(SESSION_KEYS.userRadius, '10');
    const requests = mockFeed({ 1: feedPage(productRange(1, 3)) });
    const { result } = renderHook(() => useProductFeed({ pageSize: 8, search: ' lamp ' }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.products).toHaveLength(3));
    expect(Object.fromEntries(requests[0]!)).toEqual({
      page: '1',
      pageSize: '8',
      search: 'lamp',
      latitude: '41.8781',
      longitude: '-87.6298',
      radiusKm: '16.0934',
    });
  });

  it('leaves the place out when none is saved, and uses the 25-mile default radius once one is', async () => {
    const requests = mockFeed({ 1: feedPage(productRange(1, 2)) });
    const { result } = renderHook(() => useProductFeed({ pageSize: 8 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.products).toHaveLength(2));
    expect(Object.fromEntries(requests[0]!)).toEqual({ page: '1', pageSize: '8' });

    act(() => saveLocation('Austin, TX', 30.27, -97.74));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.get('radiusKm')).toBe('40.2335');
  });

  it('echoes the first page’s `before` on later pages and ends at a short page', async () => {
    const requests = mockFeed({
      1: feedPage(productRange(1, 4), 1, '2026-11-21T12:00:00.000Z'),
      2: feedPage(productRange(5, 4), 2, '2026-11-21T12:00:00.000Z'),
      3: feedPage(productRange(9, 1), 3, '2026-11-21T12:00:00.000Z'),
    });
    const { result } = renderHook(() => useProductFeed({ pageSize: 4 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.products).toHaveLength(4));
    expect(result.current.isEnd).toBe(false);
    expect(requests[0]!.has('before')).toBe(false);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.products).toHaveLength(8));
    expect(requests[1]!.get('page')).toBe('2');
    expect(requests[1]!.get('before')).toBe('2026-11-21T12:00:00.000Z');

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.products).toHaveLength(9));
    expect(requests[2]!.get('before')).toBe('2026-11-21T12:00:00.000Z');
    expect(result.current.isEnd).toBe(true);

    act(() => result.current.loadMore());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(3);
  });

  it('shows each product once when pages overlap', async () => {
    mockFeed({
      1: feedPage(productRange(1, 3)),
      2: feedPage([...productRange(3, 2), ...productRange(10, 1)], 2),
    });
    const { result } = renderHook(() => useProductFeed({ pageSize: 3 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.products).toHaveLength(3));
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(result.current.products.map((product) => product.id)).toEqual([1, 2, 3, 4, 10]),
    );
  });

  it('starts over from page 1 on location-updated and radius-updated', async () => {
    const requests = mockFeed({ 1: feedPage(productRange(1, 2)), 2: feedPage(productRange(3, 2), 2) });
    const { result } = renderHook(() => useProductFeed({ pageSize: 2 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.products).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.products).toHaveLength(4));

    act(() => saveLocation('Portland, OR', 45.52, -122.68));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(Object.fromEntries(requests[2]!)).toMatchObject({
      page: '1',
      latitude: '45.52',
      longitude: '-122.68',
    });
    expect(requests[2]!.has('before')).toBe(false);
    await waitFor(() => expect(result.current.products.map((product) => product.id)).toEqual([1, 2]));

    // The same radius again still reloads: the person asked to look again.
    act(() => saveRadius(25));
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests[3]!.get('page')).toBe('1');
  });

  it('logs a failed feed and shows it as an empty, ended one', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [FEED]: { status: 500, body: { message: 'boom' } } });
    const { result } = renderHook(() => useProductFeed({ pageSize: 8 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.products).toEqual([]);
    expect(result.current.isEnd).toBe(true);
    expect(log).toHaveBeenCalled();
  });
});
