import { describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAGE_SIZE, messages, type Follower } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

configure({ asyncUtilTimeout: 4000 });
const F = messages.followers;

function follower(id: number, overrides: Partial<Follower> = {}): Follower {
  return {
    id,
    userName: `thrifter${id}`,
    imageUrl: `/uploads/u/${id}.webp`,
    thrifterSince: '2025-03-10T12:00:00.000Z',
    isFollowingBack: false,
    latitude: 39.72,
    longitude: -104.89,
    location: 'Denver, CO',
    views: 10,
    totalFollowers: 4,
    itemsSold: 1,
    ...overrides,
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => follower(from + i));

/** A stand-in IntersectionObserver: the test says when the end of the list comes into range. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
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
  static scrollNearBottom() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.elements].map(
        (target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

function openFollowers(pages: Follower[][], extra: Parameters<typeof mockApi>[0] = {}) {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  storeSession();
  const requests: URLSearchParams[] = [];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/User/followers': ({ url }) => {
      requests.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      return { body: { data: pages[page - 1] ?? [], page, pageSize: PAGE_SIZE.followers } };
    },
    ...extra,
  });
  const app = renderApp('/followers');
  return { ...api, ...app, requests };
}

const cards = () => screen.queryAllByRole('article');
const card = (name: string) => screen.getByRole('article', { name: `@${name}` });

describe('followers', () => {
  it('shows each follower’s card with picture, since, place, counts and follow back', async () => {
    openFollowers([
      [
        follower(1, { isFollowingBack: true, totalFollowers: 1500, views: 12_000 }),
        follower(2, {
          location: null,
          latitude: null,
          longitude: null,
          imageUrl: null,
          views: 1,
          itemsSold: 3,
        }),
        // Coordinates the gazetteer named no place for: shown as text (docs/product.md §8).
        follower(3, { location: null, latitude: 41.8781, longitude: -87.6298 }),
      ],
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: F.heading })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3), { timeout: 5000 });
    const first = within(card('thrifter1'));
    expect(first.getByRole('link', { name: '@thrifter1' }).getAttribute('href')).toBe('/user-main/1');
    expect(first.getByText(`${F.thrifterSince} Mar 2025`)).toBeTruthy();
    expect(first.getByText('Located in Denver, CO')).toBeTruthy();
    expect(first.getByText('Views').nextElementSibling?.textContent).toBe('12k');
    // One of a thing reads in the singular.
    expect(first.getByText('Item sold').nextElementSibling?.textContent).toBe('1');
    expect(first.getByText('Followers').nextElementSibling?.textContent).toBe('1.5k');
    expect(first.getByRole('button', { name: 'unfollow @thrifter1' })).toBeTruthy();

    const second = within(card('thrifter2'));
    expect(second.getByText(messages.location.unavailable)).toBeTruthy();
    expect(second.getByText('View').nextElementSibling?.textContent).toBe('1');
    expect(second.getByText('Items sold').nextElementSibling?.textContent).toBe('3');
    expect(second.getByRole('button', { name: 'follow @thrifter2' })).toBeTruthy();
    expect(within(card('thrifter3')).getByText('Located in 41.88, -87.63')).toBeTruthy();
    const photo = first.getByRole('img', { name: 'Profile photo of thrifter1' });
    fireEvent.error(photo);
    expect(photo.getAttribute('src')).toBe('/images/default-user.svg');
    expect(screen.getByText(F.caughtUp)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('opens the profile on a card click, but following back stays on the page and counts +1', async () => {
    const { router, calls } = openFollowers([[follower(5, { totalFollowers: 999 })]], {
      'POST /api/User/follow-unfollow/5': {
        body: { message: 'ok', data: { userId: 5, isFollowing: true, followersCount: 1000 } },
      },
    });
    await waitFor(() => expect(cards()).toHaveLength(1), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'follow @thrifter5' }));
    expect(within(card('thrifter5')).getByText('Followers').nextElementSibling?.textContent).toBe('1k');
    expect(screen.getByRole('button', { name: 'unfollow @thrifter5' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ follow: true });
    expect(router.state.location.pathname).toBe('/followers');

    fireEvent.click(within(card('thrifter5')).getByText('Located in Denver, CO'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-main/5'));
  });

  it('loads the next page near the bottom, shows each person once, then "You’re all caught up!"', async () => {
    const size = PAGE_SIZE.followers;
    // Someone followed between the two requests: the last of page 1 comes again at the top of page 2.
    const { requests } = openFollowers([range(1, size), [follower(size), ...range(size + 1, 2)]]);
    await waitFor(() => expect(cards()).toHaveLength(size), { timeout: 5000 });
    expect(Object.fromEntries(requests[0]!)).toEqual({ page: '1', pageSize: String(size) });
    expect(screen.queryByText(F.caughtUp)).toBeNull();

    act(() => FakeIntersectionObserver.scrollNearBottom());
    await waitFor(() => expect(cards()).toHaveLength(size + 2));
    expect(requests[1]!.get('page')).toBe('2');
    expect(screen.getAllByRole('link', { name: `@thrifter${size}` })).toHaveLength(1);
    expect(await screen.findByText(F.caughtUp)).toBeTruthy();
    act(() => FakeIntersectionObserver.scrollNearBottom());
    expect(requests).toHaveLength(2);
  });

  it('shows a spinner while loading, then the empty state when nobody follows you', async () => {
    const { fetchMock } = openFollowers([[]]);
    // The list waits for the test's go-ahead, so the spinner can be seen.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/User/followers')) await gate;
      return answer(input, init);
    });
    expect(await screen.findByText('Loading followers', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(F.emptyTitle)).toBeNull();
    release();
    expect(await screen.findByText(F.emptyTitle)).toBeTruthy();
    expect(screen.getByText(F.emptyText)).toBeTruthy();
    expect(screen.queryByText('Loading followers')).toBeNull();
    expect(screen.queryByText(F.caughtUp)).toBeNull();
    expect(cards()).toHaveLength(0);
  });
});
