import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, messages, type ProductCard } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { productCard } from '../../test/products';
import { seriousA11yViolations } from '../../test/location';
import { otherProfile, profileDetails } from './testProfiles';

const UNSOLD = 'GET /api/Product/unsold/user/7';
const SOLD = 'GET /api/Product/sold/user/7';
const CHANGE = `POST ${API.product.changeSoldStatus}`;

/** A seller (id 7) whose listings move between the lists as the server would move them. */
function mockStore({ changeFails = false } = {}) {
  const items: ProductCard[] = [
    productCard(1, { title: 'Brass lamp', userId: 7, sellerId: 7 }),
    productCard(2, { title: 'Oak chair', userId: 7, sellerId: 7, isSold: true }),
  ];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [UNSOLD]: () => ({ body: { data: items.filter((item) => !item.isSold) } }),
    [SOLD]: () => ({ body: { data: items.filter((item) => item.isSold) } }),
    'GET /api/User/profile-details/7': () => ({
      body: { data: profileDetails({ itemsSold: items.filter((item) => item.isSold).length }) },
    }),
    [CHANGE]: ({ body }) => {
      if (changeFails) return { status: 500, body: { message: 'Database down' } };
      const { productId, isSold } = body as { productId: number; isSold: boolean };
      const item = items.find((candidate) => candidate.id === productId)!;
      item.isSold = isSold;
      return { body: { message: messages.listing.statusUpdated, data: { productId, isSold } } };
    },
  });
  const count = (key: string) => api.calls.filter((call) => `${call.method} ${call.path}` === key).length;
  return { ...api, count };
}

async function openStore() {
  storeSession();
  const api = mockStore();
  renderApp('/user-main');
  // The first test also waits for the lazily loaded page chunk.
  expect(await screen.findByRole('link', { name: 'Brass lamp' }, { timeout: 5000 })).toBeTruthy();
  return api;
}

describe('profile store lists', () => {
  it('lists my unsold items with Mark Sold and edit, and the sold ones with Mark Available', async () => {
    await openStore();
    expect(screen.getByRole('link', { name: 'edit: Brass lamp' }).getAttribute('href')).toBe(
      '/edit-product/1',
    );
    expect(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Oak chair' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: messages.profile.soldItems }));
    expect(await screen.findByRole('link', { name: 'Oak chair' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark Available: Oak chair' })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('asks "are you sure?" first; cancel sends nothing', async () => {
    const { count } = await openStore();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    const dialog = screen.getByRole('alertdialog', { name: messages.listing.confirm });
    expect(within(dialog).getByText('“Brass lamp” will move to your sold items.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await seriousA11yViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(count(CHANGE)).toBe(0);

    // Escape cancels too.
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(count(CHANGE)).toBe(0);
  });

  it('on confirm posts the change and reloads both lists', async () => {
    const { calls, count } = await openStore();
    await waitFor(() => expect(count(SOLD)).toBe(1));
    expect(count(UNSOLD)).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.listing.markSold }),
    );
    await waitFor(() => expect(count(CHANGE)).toBe(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ productId: 1, isSold: true });
    await waitFor(() => expect(count(UNSOLD)).toBe(2));
    await waitFor(() => expect(count(SOLD)).toBe(2));
    expect(await screen.findByText(messages.profile.emptyStore)).toBeTruthy();

    // And back: Mark Available from the sold items.
    fireEvent.click(screen.getByRole('tab', { name: messages.profile.soldItems }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Available: Brass lamp' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.listing.markAvailable }),
    );
    await waitFor(() => expect(count(CHANGE)).toBe(2));
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      productId: 1,
      isSold: false,
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Brass lamp' })).toBeNull());
  });

  it('moves the "items sold" count with Mark Sold and Mark Available, without a reload', async () => {
    await openStore();
    const itemsSold = () =>
      screen.getByText(/^items? sold$/, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(itemsSold()).toBe('1'));
    expect(screen.getByText('item sold', { selector: 'dt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.listing.markSold }),
    );
    await waitFor(() => expect(itemsSold()).toBe('2'));
    expect(screen.getByText('items sold', { selector: 'dt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: messages.profile.soldItems }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Available: Oak chair' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.listing.markAvailable }),
    );
    await waitFor(() => expect(itemsSold()).toBe('1'));
  });

  it('shows "Failed to update product status." when the change fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    mockStore({ changeFails: true });
    renderApp('/user-main');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Sold: Brass lamp' }, { timeout: 5000 }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.listing.markSold }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(messages.listing.soldStatusFailed);
    expect(screen.getByRole('link', { name: 'Brass lamp' })).toBeTruthy();
  });

  it("shows another user's items without controls", async () => {
    mockApi({
      'GET /api/User/profile-details/9': { body: { data: otherProfile() } },
      'GET /api/Product/unsold/user/9': { body: { data: [productCard(5, { title: 'Tin robot' })] } },
      'GET /api/Product/sold/user/9': { body: { data: [] } },
    });
    renderApp('/user-main/9');
    expect(await screen.findByRole('link', { name: 'Tin robot' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark Sold/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^edit/ })).toBeNull();
  });
});
