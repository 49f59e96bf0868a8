import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API,
  HUB_EVENTS,
  HUBS,
  ROUTES,
  fillText,
  messages,
  textsFor,
  type SavedSearch,
} from '@rummage/contract';
import { newMatchesText } from './describe';
import { readSavedLocation, saveLocation, saveRadius } from '../../shared/session/storage';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { renderWithHubs } from '../../test/renderWithHubs';
import { loadLanguage } from '../../shared/i18n/catalogues';
import type { PageLanguage } from '../../shared/i18n/i18n';

const S = messages.savedSearches;

const LAMP: SavedSearch = {
  id: 4,
  search: 'lamp',
  latitude: 41.88,
  longitude: -87.63,
  radiusKm: 40.2336,
  placeLabel: 'Chicago, IL',
  newMatches: 3,
  createdAt: '2026-11-25T10:00:00.000Z',
};
const ANYTHING_NEARBY: SavedSearch = {
  ...LAMP,
  id: 5,
  search: null,
  radiusKm: 4,
  placeLabel: null,
  newMatches: 1,
};
const BIKE_EVERYWHERE: SavedSearch = {
  ...LAMP,
  id: 6,
  search: 'bike',
  latitude: null,
  longitude: null,
  radiusKm: null,
  placeLabel: null,
  newMatches: 0,
};

const LAMP_NAME = 'lamp, Within 25 mi of Chicago, IL';

function openPage(
  searches: SavedSearch[],
  handlers: Record<string, MockAnswer | (() => MockAnswer)> = {},
  language?: PageLanguage,
) {
  storeSession();
  let list = [...searches];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET ${API.savedSearch.list}`]: () => ({ body: { data: list } }),
    'DELETE /api/SavedSearch/4': () => {
      list = list.filter((saved) => saved.id !== 4);
      return { body: { message: 'ok' } };
    },
    'POST /api/SavedSearch/4/seen': { body: { data: { ...LAMP, newMatches: 0 } } },
    ...handlers,
  });
  return { ...api, ...renderApp(ROUTES.savedSearches, { language }) };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('saved searches page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sends people who are not signed in to the login page', async () => {
    mockApi();
    const { router } = renderApp(ROUTES.savedSearches);
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login));
  });

  it('lists each search with its words, where, and its new matches', async () => {
    openPage([LAMP, ANYTHING_NEARBY, BIKE_EVERYWHERE]);
    const lamp = await screen.findByRole('listitem', { name: LAMP_NAME });
    expect(within(lamp).getByText('lamp')).toBeTruthy();
    expect(within(lamp).getByText('Within 25 mi of Chicago, IL')).toBeTruthy();
    expect(within(lamp).getByText('3 new matches')).toBeTruthy();

    const nearby = row(`${S.anything}, Within 2.5 mi of the chosen spot`);
    expect(within(nearby).getByText(S.newMatchesOne)).toBeTruthy();

    const bike = row(`bike, ${S.everywhere}`);
    expect(within(bike).getByText(S.noNewMatches)).toBeTruthy();
    const list = screen.getByRole('list', { name: S.pageTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(document.title).toBe('Saved searches - Rummage'));
  });

  it('writes the miles of a radius as the reader writes numbers', async () => {
    const de = textsFor('de').savedSearches;
    openPage([ANYTHING_NEARBY], {}, await loadLanguage('de'));
    const where = fillText(de.withinHere, { miles: '2,5' });
    expect(await screen.findByText(where)).toBeTruthy();
  });

  it('"Show matches" opens the marketplace with the search and its place, and marks the matches seen', async () => {
    const { calls, router } = openPage([LAMP]);
    const show = await screen.findByRole('link', { name: fillText(S.showLabel, { name: LAMP_NAME }) });
    expect(show.getAttribute('href')).toBe('/marketplace?search=lamp');
    fireEvent.click(show);
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.marketplace));
    expect(router.state.location.search).toBe('?search=lamp');
    expect(readSavedLocation()).toEqual({
      address: 'Chicago, IL',
      latitude: 41.88,
      longitude: -87.63,
      radiusMiles: 25,
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/api/SavedSearch/4/seen',
      ]),
    );
  });

  it('says on the marketplace that the place moved to the search’s, and puts the one before back', async () => {
    saveLocation('Denver, CO', 39.7392, -104.9903);
    saveRadius(10);
    const { router } = openPage([LAMP]);
    fireEvent.click(await screen.findByRole('link', { name: fillText(S.showLabel, { name: LAMP_NAME }) }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.marketplace));
    const notice = await screen.findByText(fillText(S.placeChanged, { place: 'Chicago, IL' }));
    expect(readSavedLocation().address).toBe('Chicago, IL');

    fireEvent.click(screen.getByRole('button', { name: fillText(S.placeBack, { place: 'Denver, CO' }) }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    expect(readSavedLocation()).toEqual({
      address: 'Denver, CO',
      latitude: 39.7392,
      longitude: -104.9903,
      radiusMiles: 10,
    });
    expect(router.state.location.search).toBe('?search=lamp');
  });

  it('says nothing of a move when the search is around the place already saved, or has none', async () => {
    saveLocation('Chicago, IL', 41.88, -87.63);
    saveRadius(25);
    const { router } = openPage([LAMP, BIKE_EVERYWHERE]);
    const noNotice = async () => {
      await screen.findByRole('heading', { name: messages.header.marketplace });
      expect(screen.queryByText(fillText(S.placeChanged, { place: 'Chicago, IL' }))).toBeNull();
      expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull();
    };
    fireEvent.click(await screen.findByRole('link', { name: fillText(S.showLabel, { name: LAMP_NAME }) }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=lamp'));
    await noNotice();
    await router.navigate(ROUTES.savedSearches);
    const bikeName = `bike, ${S.everywhere}`;
    fireEvent.click(await screen.findByRole('link', { name: fillText(S.showLabel, { name: bikeName }) }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=bike'));
    await noNotice();
    expect(readSavedLocation().address).toBe('Chicago, IL');
  });

  it('deletes a search at once and says so', async () => {
    const { calls } = openPage([LAMP, BIKE_EVERYWHERE]);
    const remove = await screen.findByRole('button', { name: fillText(S.removeLabel, { name: LAMP_NAME }) });
    fireEvent.click(remove);
    expect(await screen.findByText(S.removed)).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: LAMP_NAME })).toBeNull();
    expect(row(`bike, ${S.everywhere}`)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/SavedSearch/4',
    ]);
    // The keyboard moves on to the next search's Delete, not to the page body.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: fillText(S.removeLabel, { name: `bike, ${S.everywhere}` }) }),
      ),
    );
  });

  it('puts the keyboard on the heading when the last search is deleted', async () => {
    openPage([LAMP]);
    const remove = await screen.findByRole('button', { name: fillText(S.removeLabel, { name: LAMP_NAME }) });
    remove.focus();
    fireEvent.click(remove);
    expect(await screen.findByText(S.empty)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: S.pageTitle })),
    );
  });

  it('keeps the row and shows the server’s words when the delete is refused', async () => {
    openPage([LAMP], { 'DELETE /api/SavedSearch/4': { status: 404, body: { message: S.notFound } } });
    fireEvent.click(
      await screen.findByRole('button', { name: fillText(S.removeLabel, { name: LAMP_NAME }) }),
    );
    expect(within(await screen.findByRole('alert')).getByText(S.notFound)).toBeTruthy();
    expect(row(LAMP_NAME)).toBeTruthy();
  });

  it('shows a new match the moment its alert is pushed, without a reload', async () => {
    storeSession();
    let lamp = { ...LAMP, newMatches: 0 };
    mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/Message/unread-count': { body: { data: { messages: 0, support: 0 } } },
      [`GET ${API.savedSearch.list}`]: () => ({ body: { data: [lamp] } }),
    });
    const { hubs } = renderWithHubs(ROUTES.savedSearches);
    expect(await screen.findByText(S.noNewMatches)).toBeTruthy();
    lamp = { ...LAMP, newMatches: 1 };
    act(() => hubs.hub(HUBS.general)!.emit(HUB_EVENTS.notificationsCount, 1));
    await waitFor(() => expect(within(row(LAMP_NAME)).getByText(newMatchesText(1))).toBeTruthy());
  });

  it('says so when nothing is saved yet', async () => {
    openPage([]);
    expect(await screen.findByText(S.empty)).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    openPage([], { [`GET ${API.savedSearch.list}`]: { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText(S.loadFailed)).toBeTruthy();
  });
});
