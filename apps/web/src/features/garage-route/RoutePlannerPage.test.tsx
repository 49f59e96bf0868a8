import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_KEYS } from '@rummage/contract';
import { TEST_CONFIG, mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { loadLanguage } from '../../shared/i18n/catalogues';
import type { PageLanguage } from '../../shared/i18n/i18n';
import type { RouteSale } from './api';
import { ROUTE_STOPS_KEY } from './selection';

configure({ asyncUtilTimeout: 4000 });

// Local wall-clock times, so the test reads the same in every time zone.
const day = (hour: number, minute = 0) => new Date(2031, 5, 14, hour, minute).toISOString();
const HOME = { latitude: 39.78, longitude: -89.65 };
/** About 1.1 km north per 0.01 degree. */
const north = (hundredths: number) => ({
  latitude: HOME.latitude + hundredths / 100,
  longitude: HOME.longitude,
});

function sale(id: number, title: string, hundredthsNorth: number, opens: string, ends: string): RouteSale {
  return {
    id,
    title,
    location: 'Springfield, IL',
    ...north(hundredthsNorth),
    eventDate: opens,
    endsAt: ends,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userName: 'host',
  };
}

// From home at 25 mph (road = 1.3 × straight line): Elm 4 min, Pine 9 min, Oak 13 min; 4 min between neighbours.
const ELM = sale(1, '12 Elm St', 2, day(9, 30), day(14));
const PINE = sale(2, '40 Pine Rd', 4, day(8), day(14));
const OAK = sale(3, '77 Oak Ave', 6, day(8, 30), day(8, 50));

function openPlanner(
  sales: RouteSale[],
  {
    picks = sales.map((s) => s.id),
    saved = true,
    language,
    distanceUnit,
    configAnswers,
  }: {
    picks?: number[];
    saved?: boolean;
    language?: PageLanguage;
    distanceUnit?: 'mi' | 'km';
    /** The installation's settings answer only once this settles. */
    configAnswers?: Promise<void>;
  } = {},
) {
  localStorage.setItem(ROUTE_STOPS_KEY, JSON.stringify(picks));
  if (saved) {
    localStorage.setItem(SESSION_KEYS.userAddress, 'Springfield, IL');
    localStorage.setItem(SESSION_KEYS.userLat, String(HOME.latitude));
    localStorage.setItem(SESSION_KEYS.userLng, String(HOME.longitude));
  }
  const mock = mockApi({
    ...Object.fromEntries(sales.map((s) => [`GET /api/GarageSale/${s.id}`, { body: { data: s } }])),
    ...(distanceUnit && { 'GET /api/Config': { body: { data: { ...TEST_CONFIG.data, distanceUnit } } } }),
  });
  const answer = mock.fetchMock.getMockImplementation()!;
  if (configAnswers)
    mock.fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/Config') await configAnswers;
      return answer(input, init);
    });
  const app = renderApp('/garage/route', { language });
  return { ...mock, app };
}

async function leaveAt(value: string, label = 'Leave at') {
  const input = await screen.findByLabelText(label);
  fireEvent.input(input, { target: { value } });
}

const stopTitles = () =>
  within(screen.getByRole('list', { name: 'Visiting order' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('heading').textContent);

describe('plan my route page', { timeout: 20_000 }, () => {
  it('plans three sales in the order their windows need, on a list, a map and a maps link', async () => {
    const { calls } = openPlanner([ELM, PINE, OAK]);
    await leaveAt('2031-06-14T08:30');
    await screen.findByRole('heading', { level: 2, name: 'Your route' });
    // Oak Ave is furthest but closes at 8:50, so it comes first; Elm St opens at 9:30, so it comes last.
    expect(stopTitles()).toEqual(['77 Oak Ave', '40 Pine Rd', '12 Elm St']);
    expect(screen.getByText(/^3 stops · .* mi · about .*, done by/)).toBeTruthy();
    const elm = within(screen.getByRole('list', { name: 'Visiting order' })).getAllByRole('listitem')[2]!;
    expect(within(elm).getByText(/wait \d+ min/)).toBeTruthy();

    const link = screen.getByRole('link', { name: 'Open route in maps' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('39.780000,-89.650000');
    expect(url.searchParams.get('waypoints')).toBe('39.840000,-89.650000|39.820000,-89.650000');
    expect(url.searchParams.get('destination')).toBe('39.800000,-89.650000');
    expect(url.searchParams.get('travelmode')).toBe('driving');
    expect(link.getAttribute('target')).toBe('_blank');

    const map = screen.getByRole('region', { name: 'Route map' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
    expect([...map.querySelectorAll('.leaflet-marker-icon')].map((pin) => pin.getAttribute('title'))).toEqual(
      ['Springfield, IL', '1. 77 Oak Ave', '2. 40 Pine Rd', '3. 12 Elm St'],
    );
    expect(calls.filter((call) => call.path.startsWith('/api/GarageSale/')).map((c) => c.path)).toEqual([
      '/api/GarageSale/1',
      '/api/GarageSale/2',
      '/api/GarageSale/3',
    ]);
    await waitFor(() => expect(document.title).toBe('Plan My Route - Rummage'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('explains when no order reaches every sale, and shows the best partial plan', async () => {
    const early = sale(3, '77 Oak Ave', 6, day(8), day(8, 35));
    openPlanner([ELM, PINE, early]);
    await leaveAt('2031-06-14T08:30');
    await screen.findByRole('heading', { level: 2, name: 'No order reaches every sale in time' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /^77 Oak Ave closes at .*, before you can get there \(earliest arrival .*\)\./,
    );
    expect(alert.textContent).toContain('The best plan below visits 2 of 3 sales.');
    expect(stopTitles()).toEqual(['40 Pine Rd', '12 Elm St']);
    const missed = screen.getByRole('list', { name: 'Can’t fit' });
    expect(within(missed).getByRole('heading').textContent).toBe('77 Oak Ave');
    const url = new URL(screen.getByRole('link', { name: 'Open route in maps' }).getAttribute('href')!);
    expect(url.searchParams.get('waypoints')).toBe('39.820000,-89.650000');
    expect(url.searchParams.get('destination')).toBe('39.800000,-89.650000');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('replans when a stop is removed, and keeps the selection in storage', async () => {
    openPlanner([ELM, PINE, OAK]);
    await leaveAt('2031-06-14T08:30');
    await screen.findByRole('list', { name: 'Visiting order' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove 77 Oak Ave from route' }));
    await waitFor(() => expect(stopTitles()).toEqual(['40 Pine Rd', '12 Elm St']));
    expect(JSON.parse(localStorage.getItem(ROUTE_STOPS_KEY)!)).toEqual([1, 2]);
  });

  it('leaves out sales that ended or were removed, with a note', async () => {
    openPlanner([ELM, PINE], { picks: [1, 2, 9] });
    await leaveAt('2031-06-14T08:30');
    expect(
      (await screen.findByText('1 of the sales you picked has ended or was removed, so it is left out.'))
        .textContent,
    ).toBeTruthy();
    expect(stopTitles()).toEqual(['40 Pine Rd', '12 Elm St']);
    fireEvent.click(screen.getByRole('button', { name: 'Forget them' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(ROUTE_STOPS_KEY)!)).toEqual([1, 2]));
  });

  it('starts at the first picked sale when no location is saved, and offers to set one', async () => {
    openPlanner([ELM, PINE], { saved: false });
    await leaveAt('2031-06-14T08:30');
    expect(
      await screen.findByText('You have no saved location, so the route starts at 12 Elm St.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set location' })).toBeTruthy();
    const url = new URL(screen.getByRole('link', { name: 'Open route in maps' }).getAttribute('href')!);
    expect(url.searchParams.get('origin')).toBe('39.800000,-89.650000');
  });

  it('adds the sale’s own clock when its zone reads differently from the viewer’s', async () => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = viewer === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    openPlanner([{ ...PINE, timeZone: zone }]);
    await leaveAt('2031-06-14T08:30');
    const [stop] = within(await screen.findByRole('list', { name: 'Visiting order' })).getAllByRole(
      'listitem',
    );
    expect(within(stop!).getAllByText(/sale time\)/).length).toBeGreaterThan(0);
  });

  it('checks the settings before planning', async () => {
    openPlanner([ELM]);
    await leaveAt('2031-06-14T08:30');
    fireEvent.input(screen.getByLabelText('Average speed (mph)'), { target: { value: '0' } });
    expect(await screen.findByText('Enter a speed between 1 and 100 mph.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open route in maps' })).toBeNull();
  });

  it('measures in kilometres and km/h where the installation does', async () => {
    openPlanner([ELM, PINE, OAK], { distanceUnit: 'km' });
    await leaveAt('2031-06-14T08:30');
    const speed = (await screen.findByLabelText('Average speed (km/h)')) as HTMLInputElement;
    expect(speed.value).toBe('40');
    expect(screen.queryByLabelText('Average speed (mph)')).toBeNull();
    expect(screen.getByText('Travel time assumes roads are 1.3× the straight-line distance.')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Your route' });
    expect(stopTitles()).toEqual(['77 Oak Ave', '40 Pine Rd', '12 Elm St']);
    expect(screen.getByText(/^3 stops · 14 km · about .*, done by/)).toBeTruthy();
    const [first] = within(screen.getByRole('list', { name: 'Visiting order' })).getAllByRole('listitem');
    expect(within(first!).getByText(/^13 min drive · 8\.7 km$/)).toBeTruthy();
    expect(screen.queryByText(/ mi\b/)).toBeNull();

    fireEvent.input(speed, { target: { value: '162' } });
    expect(await screen.findByText('Enter a speed between 1 and 161 km/h.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open route in maps' })).toBeNull();
  });

  it('carries the speed over when the installation’s kilometres arrive after the page', async () => {
    let release = () => {};
    const configAnswers = new Promise<void>((resolve) => (release = resolve));
    openPlanner([ELM, PINE, OAK], { distanceUnit: 'km', configAnswers });
    await leaveAt('2031-06-14T08:30');
    const mph = (await screen.findByLabelText('Average speed (mph)')) as HTMLInputElement;
    expect(mph.value).toBe('25');
    fireEvent.input(mph, { target: { value: '30' } });
    release();
    const kmh = (await screen.findByLabelText('Average speed (km/h)')) as HTMLInputElement;
    expect(kmh.value).toBe('48');
    await screen.findByText(/^3 stops · 14 km · about .*, done by/);
  });

  it('shows a helpful empty state with no sales picked', async () => {
    mockApi();
    renderApp('/garage/route');
    await screen.findByRole('heading', { level: 2, name: 'No sales in your route yet' });
    expect(screen.getByRole('link', { name: 'Browse the marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('reads in German: the settings, the plan, why a sale can’t fit, and the map', async () => {
    const early = sale(3, '77 Oak Ave', 6, day(8), day(8, 35));
    openPlanner([ELM, PINE, early], { language: await loadLanguage('de') });
    await leaveAt('2031-06-14T08:30', 'Losfahren um');
    await screen.findByRole('heading', {
      level: 2,
      name: 'Keine Reihenfolge erreicht alle Flohmärkte rechtzeitig',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^77 Oak Ave endet um .*, bevor du dort sein kannst/);
    expect(alert.textContent).toContain('Der beste Plan unten besucht 2 von 3 Flohmärkten.');
    expect(screen.getByText(/^2 Stopps · .* Meilen · etwa .* Min\., fertig um/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Einstellungen der Route' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '77 Oak Ave aus der Route entfernen' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Karte der Route' })).toBeTruthy();
  });
});
