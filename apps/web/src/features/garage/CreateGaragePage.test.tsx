import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { API, GARAGE_ITEMS, SUGGESTION_LIMIT, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { CITY } from '../../test/listings';
import { seriousA11yViolations } from '../../test/location';
import { loadLanguage } from '../../shared/i18n/catalogues';

const ADD = `POST ${API.garageSale.add}`;
const FILL = messages.common.fillFieldsProperly;
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

async function openForm(addAnswer: MockAnswer = { status: 201, body: { message: messages.garage.created } }) {
  storeSession();
  const limits: (string | null)[] = [];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/Geo/cities': ({ url }) => {
      limits.push(url.searchParams.get('limit'));
      return { body: { data: [CITY] } };
    },
    [ADD]: addAnswer,
  });
  const user = userEvent.setup();
  const app = renderApp('/create-garage');
  await screen.findByRole('heading', { name: messages.garage.formTitle }, { timeout: 5000 });
  const posts = () => api.calls.filter((call) => `${call.method} ${call.path}` === ADD);
  return { user, app, api, posts, limits };
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseAddress(user: User) {
  await user.type(screen.getByRole('combobox', { name: 'sale address' }), 'Spring');
  await user.click(await screen.findByRole('option', { name: 'Springfield, IL' }));
}

function setDate(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

async function setTime(user: User, label: string, hour: string, minute: string, period: 'AM' | 'PM') {
  await user.selectOptions(screen.getByLabelText(`${label} hour`), hour);
  await user.selectOptions(screen.getByLabelText(`${label} minute`), minute);
  await user.selectOptions(screen.getByLabelText(`${label} AM or PM`), period);
}

describe('create garage sale', () => {
  it('shows the SPEC form: tag, title, close to /, fields, defaults at noon, no past dates', async () => {
    const { limits } = await openForm();
    expect(screen.getByText(messages.garage.formTag)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/');
    const form = screen.getByRole('form', { name: messages.garage.formTitle });
    const address = within(form).getByRole('combobox', { name: 'sale address' });
    expect(address.getAttribute('placeholder')).toBe(messages.garage.addressPlaceholder);
    // Dates read and type year-month-day; the calendar behind the button refuses days before today.
    for (const [label, id, calendar] of [
      ['start date', 'garage-start-date', 'Open calendar for the first day'],
      ['end date', 'garage-end-date', 'Open calendar for the last day'],
    ] as const) {
      expect(screen.getByLabelText(label).getAttribute('placeholder')).toBe('yyyy-mm-dd');
      expect(screen.getByRole('button', { name: calendar })).toBeTruthy();
      const picker = document.getElementById(`${id}-picker`)!;
      expect(picker.getAttribute('type')).toBe('date');
      expect(picker.getAttribute('min')).toBe(day(0));
    }
    for (const label of ['start time', 'end time']) {
      expect((screen.getByLabelText(`${label} hour`) as HTMLSelectElement).value).toBe('12');
      expect((screen.getByLabelText(`${label} minute`) as HTMLSelectElement).value).toBe('0');
      expect((screen.getByLabelText(`${label} AM or PM`) as HTMLSelectElement).value).toBe('PM');
    }
    const hours = within(screen.getByLabelText('start time hour')).getAllByRole('option');
    expect(hours.map((option) => option.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    const minutes = within(screen.getByLabelText('start time minute')).getAllByRole('option');
    expect(minutes.map((option) => option.textContent)).toEqual([
      '00',
      '05',
      '10',
      '15',
      '20',
      '25',
      '30',
      '35',
      '40',
      '45',
      '50',
      '55',
    ]);
    const items = within(screen.getByRole('group', { name: 'items buyers can expect' })).getAllByRole(
      'checkbox',
    );
    expect(items).toHaveLength(GARAGE_ITEMS.length);
    expect(screen.getByText(messages.garage.note)).toBeTruthy();
    expect(screen.getByText(messages.garage.exactAddressNote)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.garage.create })).toBeTruthy();
    // Choosing a start date moves the end date's earliest day along, and the day is written year-month-day.
    setDate('start date', day(3));
    expect(document.getElementById('garage-end-date-picker')!.getAttribute('min')).toBe(day(3));
    expect(screen.getByText(`· ${dayjs(day(3)).format('ddd, MMM D')}`)).toBeTruthy();
    // Picking a day in the calendar writes it into the field.
    fireEvent.input(document.getElementById('garage-end-date-picker')!, { target: { value: day(4) } });
    expect((screen.getByLabelText('end date') as HTMLInputElement).value).toBe(day(4));
    // Address suggestions: 10 on this form.
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'sale address' }), 'Spr');
    await screen.findByRole('option', { name: 'Springfield, IL' });
    expect(limits.at(-1)).toBe(String(SUGGESTION_LIMIT.garageForm));
    expect(SUGGESTION_LIMIT.garageForm).toBe(10);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('sends nothing and says "Please fill all the fields properly." while anything is missing', async () => {
    const { user, posts } = await openForm();
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FILL);
    expect(screen.getByRole('combobox', { name: 'sale address' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('start date').getAttribute('aria-invalid')).toBe('true');

    // Everything but the items.
    await chooseAddress(user);
    setDate('start date', day(2));
    setDate('end date', day(2));
    await setTime(user, 'end time', '3', '00', 'PM');
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect(screen.getByRole('alert').textContent).toContain(FILL);
    expect(posts()).toHaveLength(0);
  });

  it('refuses an end before the start: an earlier day, or the same day and not a later time', async () => {
    const { user, posts } = await openForm();
    await chooseAddress(user);
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    setDate('start date', day(3));
    setDate('end date', day(2));
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.garage.endBeforeStart);
    expect(screen.getByLabelText('end date').getAttribute('aria-invalid')).toBe('true');

    setDate('end date', day(3)); // same day, both at the default noon
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect(screen.getByRole('alert').textContent).toContain(messages.garage.endBeforeStart);
    expect(screen.getByLabelText('end time hour').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('end date').getAttribute('aria-invalid')).toBeNull();
    await setTime(user, 'end time', '11', '55', 'AM');
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect(screen.getByRole('alert').textContent).toContain(messages.garage.endBeforeStart);
    expect(posts()).toHaveLength(0);
  });

  it('sends the SPEC payload, says it was created, resets, then goes to /user-main', async () => {
    const { user, posts, app } = await openForm();
    await chooseAddress(user);
    setDate('start date', day(2));
    setDate('end date', day(3));
    await setTime(user, 'start time', '12', '05', 'AM');
    // The end stays at the default 12:00 PM.
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    await user.click(screen.getByRole('checkbox', { name: 'Furniture' }));
    await user.click(screen.getByRole('button', { name: messages.garage.create }));

    expect(await screen.findByText(messages.garage.created)).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      title: 'Springfield, IL',
      latitude: CITY.latitude,
      longitude: CITY.longitude,
      items: 'Furniture, Books',
      startDate: day(2),
      endDate: day(3),
      startTime: '00:05:00',
      endTime: '12:00:00',
    });
    // The form is empty again.
    expect((screen.getByRole('combobox', { name: 'sale address' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('start date') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('start time AM or PM') as HTMLSelectElement).value).toBe('PM');
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/user-main'), { timeout: 4000 });
  });

  it('writes typed digits as year-month-day and refuses a start day before today', async () => {
    const { user, posts } = await openForm();
    await user.type(screen.getByLabelText('end date'), '20300102');
    expect((screen.getByLabelText('end date') as HTMLInputElement).value).toBe('2030-01-02');
    await chooseAddress(user);
    await user.click(screen.getByRole('checkbox', { name: 'Art' }));
    setDate('start date', day(-1));
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.garage.startInPast);
    expect(screen.getByLabelText('start date').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('shows the server’s reason when it refuses the sale, on the field it names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // By the sale's own clock the end has passed, which only the server can tell.
    const refusal = { message: messages.garage.endInPast, errors: { endTime: messages.garage.endInPast } };
    const { user, app } = await openForm({ status: 400, body: refusal });
    await chooseAddress(user);
    setDate('start date', day(0));
    setDate('end date', day(0));
    await setTime(user, 'start time', '1', '00', 'AM');
    await user.click(screen.getByRole('checkbox', { name: 'Toys' }));
    await user.click(screen.getByRole('button', { name: messages.garage.create }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.garage.endInPast);
    expect(screen.getByLabelText('end time hour').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('start date').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(messages.garage.created)).toBeNull();
    expect(app.router.state.location.pathname).toBe('/create-garage');
  });

  it('reads in German, and says in German what is missing', async () => {
    storeSession();
    const api = mockApi({ 'GET /api/Account/me': ME_OK });
    renderApp('/create-garage', { language: await loadLanguage('de') });
    const form = await screen.findByRole('form', { name: 'Hofflohmarkt erstellen' }, { timeout: 5000 });
    expect(within(form).getByRole('combobox', { name: 'Adresse des Flohmarkts' })).toBeTruthy();
    expect(within(form).getByLabelText('Beginn: Stunde')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Kalender für den ersten Tag öffnen' })).toBeTruthy();
    expect(within(form).getAllByText('Jahr-Monat-Tag')).toHaveLength(2);
    expect(within(form).getByRole('checkbox', { name: 'Sammlerstücke' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'erstellen' }));
    expect(await within(form).findByText('Bitte fülle alle Felder richtig aus.')).toBeTruthy();
    expect(api.calls.some((call) => `${call.method} ${call.path}` === ADD)).toBe(false);
  });
});
