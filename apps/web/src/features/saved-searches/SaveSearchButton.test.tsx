import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { API, SAVED_SEARCH_LIMIT, fillText, messages, type SavedSearch } from '@rummage/contract';
import { saveLocation, saveRadius } from '../../shared/session/storage';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { resetReloadCheckForTests } from '../marketplace';

const S = messages.savedSearches;
const SAVE = `POST ${API.savedSearch.list}`;

function savedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 1,
    search: 'lamp',
    latitude: null,
    longitude: null,
    radiusKm: null,
    placeLabel: null,
    newMatches: 0,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** The marketplace at `path`, with an empty feed whose requests are kept, and `save` answering POST. */
async function openMarketplace(path: string, save?: MockAnswer) {
  const feedRequests: URLSearchParams[] = [];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET ${API.marketplace.products}`]: ({ url }) => {
      feedRequests.push(url.searchParams);
      return { body: { data: [], page: 1, pageSize: 12, before: '2026-11-25T12:00:00.000Z' } };
    },
    ...(save ? { [SAVE]: save } : {}),
  });
  const app = renderApp(path);
  // The feed has answered (empty): the page is settled.
  await screen.findByRole('button', { name: messages.home.changeLocation });
  return { ...api, ...app, feedRequests };
}

const saveButton = () => screen.queryByRole('button', { name: S.save });
const saves = (calls: Array<{ method: string; path: string; body: unknown }>) =>
  calls.filter((call) => `${call.method} ${call.path}` === SAVE);

describe('Save this search (marketplace)', () => {
  beforeEach(() => {
    resetReloadCheckForTests();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is not offered without words or a place', async () => {
    storeSession();
    await openMarketplace('/marketplace');
    expect(saveButton()).toBeNull();
  });

  it('saves the place and radius exactly as the feed asked for them, and says so', async () => {
    storeSession();
    saveLocation('Denver, CO', 39.74, -104.99);
    saveRadius(10);
    const { calls, feedRequests } = await openMarketplace('/marketplace', {
      status: 201,
      body: { data: savedSearch({ search: null, latitude: 39.74, longitude: -104.99, radiusKm: 16.0934 }) },
    });
    fireEvent.click(saveButton()!);
    expect(await screen.findByText(S.saved)).toBeTruthy();
    const feed = feedRequests.at(-1)!;
    expect(saves(calls).map((call) => call.body)).toEqual([
      {
        latitude: Number(feed.get('latitude')),
        longitude: Number(feed.get('longitude')),
        radiusKm: Number(feed.get('radiusKm')),
      },
    ]);
    expect(feed.get('radiusKm')).toBe('16.0934');
  });

  it('saves the words of ?search= and says when the same search was saved already (200)', async () => {
    storeSession();
    const { calls } = await openMarketplace('/marketplace?search=lamp', { body: { data: savedSearch() } });
    fireEvent.click(saveButton()!);
    expect(await screen.findByText(S.alreadySaved)).toBeTruthy();
    expect(screen.queryByText(S.saved)).toBeNull();
    expect(saves(calls).map((call) => call.body)).toEqual([{ search: 'lamp' }]);
  });

  it('shows the server’s refusal as it words it', async () => {
    storeSession();
    const tooMany = fillText(S.tooMany, { limit: SAVED_SEARCH_LIMIT });
    await openMarketplace('/marketplace?search=lamp', { status: 400, body: { message: tooMany } });
    fireEvent.click(saveButton()!);
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    expect(screen.queryByText(S.saved)).toBeNull();
  });

  it('sends visitors to log in, saving nothing', async () => {
    const { calls, router } = await openMarketplace('/marketplace?search=lamp');
    fireEvent.click(saveButton()!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(saves(calls)).toHaveLength(0);
  });
});
