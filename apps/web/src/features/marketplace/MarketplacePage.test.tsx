import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { API, INFINITE_SCROLL_THRESHOLD_PX, PAGE_SIZE, messages } from '@rummage/contract';
import { saveLocation } from '../../shared/session/storage';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { feedPage, productRange } from '../../test/products';
import { resetReloadCheckForTests } from './useDropSearchOnReload';

/** A stand-in IntersectionObserver: tests decide when the sentinel comes into range. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports every observed element as within range (or not), as the browser would on scrolling. */
  static scrollNearBottom(isIntersecting = true) {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.elements].map(
        (target) => ({ target, isIntersecting }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

function navigationType(type: NavigationTimingType, name = 'http://localhost/marketplace?search=lamp') {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type, name } as PerformanceNavigationTiming]);
}

describe('marketplace', () => {
  beforeEach(() => resetReloadCheckForTests());

  it('shows the search, the SPEC title and the end-of-feed block with its two actions', async () => {
    navigationType('navigate');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    expect(await screen.findByText('Results for “lamp”')).toBeTruthy();
    // The feed is unreachable here (404): only logged, shown as empty with the end-of-feed actions.
    expect(await screen.findByRole('button', { name: messages.home.changeLocation })).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.home.createListing }).getAttribute('href')).toBe(
      '/create-product',
    );
    await waitFor(() => expect(document.title).toBe('Marketplace - Rummage'));
    expect(router.state.location.search).toBe('?search=lamp');
  });

  it('drops the search when the page was reloaded with one', async () => {
    navigationType('reload');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('keeps the search when another page was the one reloaded', async () => {
    navigationType('reload', 'http://localhost/');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    expect(await screen.findByText('Results for “lamp”')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=lamp');
  });

  it('loads page 2 (echoing `before`) when the end of the grid comes within 100 px of the bottom', async () => {
    navigationType('navigate');
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const size = PAGE_SIZE.marketplace;
    const requests: URLSearchParams[] = [];
    const { fetchMock } = mockApi({
      [`GET ${API.marketplace.products}`]: ({ url }) => {
        requests.push(url.searchParams);
        const page = Number(url.searchParams.get('page'));
        const data = page === 1 ? productRange(1, size) : productRange(size + 1, 3);
        return { body: feedPage(data, page, '2026-11-21T12:00:00.000Z') };
      },
    });
    // Page 2 waits for the test's go-ahead, so "loading more" can be seen.
    let releasePage2: () => void = () => undefined;
    const page2Gate = new Promise<void>((resolve) => (releasePage2 = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('page=2')) await page2Gate;
      return answer(input, init);
    });
    renderApp('/marketplace?search=lamp');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Item \d+$/ })).toHaveLength(size));
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!)).toMatchObject({ page: '1', pageSize: '12', search: 'lamp' });
    const observing = FakeIntersectionObserver.instances.filter((observer) => observer.elements.size);
    expect(observing.map((observer) => observer.options.rootMargin)).toEqual([
      `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`,
    ]);

    // Still far from the bottom: nothing more is asked for.
    act(() => FakeIntersectionObserver.scrollNearBottom(false));
    expect(requests).toHaveLength(1);

    act(() => FakeIntersectionObserver.scrollNearBottom());
    expect(await screen.findByText('Loading more listings')).toBeTruthy();
    releasePage2();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Item \d+$/ })).toHaveLength(size + 3));
    expect(requests[1]!.get('page')).toBe('2');
    expect(requests[1]!.get('before')).toBe('2026-11-21T12:00:00.000Z');

    // Page 2 was short: the feed has ended, the end-of-feed block shows and scrolling asks for nothing.
    expect(await screen.findByRole('button', { name: messages.home.changeLocation })).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.home.createListing })).toBeTruthy();
    act(() => FakeIntersectionObserver.scrollNearBottom());
    expect(requests).toHaveLength(2);
  });

  it('says the device is offline, as the offline page does, instead of loading for good; then loads once back', async () => {
    navigationType('navigate');
    mockApi({ [`GET ${API.marketplace.products}`]: { body: feedPage(productRange(1, 2)) } });
    act(() => onlineManager.setOnline(false));
    try {
      renderApp('/marketplace');
      const notice = await screen.findByText(messages.notifications.offlineTitle);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.getByText(messages.notifications.offlineText)).toBeTruthy();
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByRole('link', { name: 'Item 2' })).toBeTruthy();
      expect(screen.queryByText(messages.notifications.offlineTitle)).toBeNull();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('starts over from page 1 with the new place after the location changes', async () => {
    navigationType('navigate');
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const requests: URLSearchParams[] = [];
    mockApi({
      [`GET ${API.marketplace.products}`]: ({ url }) => {
        requests.push(url.searchParams);
        const chicago = url.searchParams.get('latitude') === null;
        return { body: feedPage(chicago ? productRange(1, 2) : productRange(50, 1)) };
      },
    });
    renderApp('/marketplace');
    expect(await screen.findByRole('link', { name: 'Item 2' })).toBeTruthy();
    act(() => saveLocation('Denver, CO', 39.74, -104.99));
    expect(await screen.findByRole('link', { name: 'Item 50' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Item 2' })).toBeNull();
    expect(requests.at(-1)!.get('latitude')).toBe('39.74');
  });

  it('offers "Did you mean" on an empty search, as a link that runs the suggested search', async () => {
    navigationType('navigate');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const searched: string[] = [];
    mockApi({
      [`GET ${API.marketplace.products}`]: ({ url }) => {
        const search = url.searchParams.get('search') ?? '';
        searched.push(search);
        return search === 'vintge lamp'
          ? { body: feedPage([], 1, undefined, 'vintage lamp') }
          : { body: feedPage(productRange(1, 2)) };
      },
    });
    const { router } = renderApp('/marketplace?search=vintge%20lamp');
    const link = await screen.findByRole('link', { name: 'vintage lamp' });
    expect(link.closest('p')?.textContent).toBe('Did you mean vintage lamp?');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?search=vintage+lamp'));
    expect(await screen.findByText('Results for “vintage lamp”')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Item \d+$/ })).toHaveLength(2));
    expect(searched).toEqual(['vintge lamp', 'vintage lamp']);
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });

  it('offers nothing when the server has no suggestion', async () => {
    navigationType('navigate');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [`GET ${API.marketplace.products}`]: { body: feedPage([]) } });
    renderApp('/marketplace?search=qqqq');
    expect(await screen.findByRole('button', { name: messages.home.changeLocation })).toBeTruthy();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
