import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type GarageSale } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { garageSale } from '../../test/garageSales';
import { seriousA11yViolations } from '../../test/location';
import { profileDetails } from './testProfiles';

const NOW = new Date('2026-11-28T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** A host (id 7) with two current sales, one whose end date and time have passed, and one without an end time. */
function mockSales({ deleteFails = false } = {}) {
  let sales: GarageSale[] = [
    garageSale(1, { userId: 7, location: 'Springfield, IL' }),
    garageSale(2, {
      userId: 7,
      location: 'Peoria, IL',
      eventDate: '2026-11-29T15:00:00Z',
      endsAt: '2026-11-29T20:00:00Z',
    }),
    garageSale(3, {
      userId: 7,
      location: 'Decatur, IL',
      eventDate: undefined as unknown as string,
      endsAt: undefined as unknown as string,
      startDate: '2026-11-27',
      endDate: '2026-11-27',
      endTime: '14:00:00',
    }),
    // No end time: always shown.
    garageSale(4, {
      userId: 7,
      location: 'Joliet, IL',
      endsAt: undefined as unknown as string,
      endDate: '2026-11-20',
      endTime: '',
    }),
  ];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/GarageSale/user/7': () => ({ body: { data: sales } }),
    'GET /api/User/profile-details/7': { body: { data: profileDetails() } },
    'DELETE /api/GarageSale/delete/1': () => {
      if (deleteFails) return { status: 500, body: { message: 'Database down' } };
      sales = sales.filter((sale) => sale.id !== 1);
      return { body: { message: messages.garage.deleted } };
    },
  });
  const deletes = () => api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path);
  return { ...api, deletes };
}

describe('profile garage sales', () => {
  it('lists my current sales (ended ones hidden), each with delete', async () => {
    storeSession();
    mockSales();
    renderApp('/user-main');
    const list = await screen.findByRole('list', { name: 'My garage sales' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Garage Sale in Springfield, IL', 'Garage Sale in Peoria, IL', 'Garage Sale in Joliet, IL']);
    expect(screen.getByRole('button', { name: 'delete: Garage Sale in Springfield, IL' })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('asks first; cancel sends nothing, confirm sends DELETE and the sale leaves the list', async () => {
    storeSession();
    const { deletes } = mockSales();
    renderApp('/user-main');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'delete: Garage Sale in Springfield, IL' },
        { timeout: 5000 },
      ),
    );
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this garage sale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'delete: Garage Sale in Springfield, IL' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this garage sale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(deletes()).toEqual(['/api/GarageSale/delete/1']));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Garage Sale in Springfield, IL' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Garage Sale in Peoria, IL' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says "Failed to delete garage sale." when the delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    mockSales({ deleteFails: true });
    renderApp('/user-main');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'delete: Garage Sale in Springfield, IL' },
        { timeout: 5000 },
      ),
    );
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.garage.deleteFailed);
    expect(screen.getByRole('link', { name: 'Garage Sale in Springfield, IL' })).toBeTruthy();
  });

  it('lists another host’s sales without delete', async () => {
    mockSales();
    renderApp('/user-main/7');
    const list = await screen.findByRole('list', { name: 'Garage sales' }, { timeout: 5000 });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^delete/ })).toBeNull();
  });
});
