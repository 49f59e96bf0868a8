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
const BUYERS = `GET ${API.deal.buyers}`;
const D = messages.deals;
const UNTIL = new Date(Date.now() + 86_400_000).toISOString();

/** A seller (id 7) whose listings move between the lists as the server would move them. */
function mockStore({
  changeFails = false,
  changeRefused = null,
  reserved = false,
  buyersFail = false,
  hidden = false,
}: {
  changeFails?: boolean;
  /** The server's refusal of the change (403 with these words). */
  changeRefused?: string | null;
  reserved?: boolean;
  buyersFail?: boolean;
  hidden?: boolean;
} = {}) {
  const items: ProductCard[] = [
    productCard(1, { title: 'Brass lamp', userId: 7, sellerId: 7, reservedUntil: reserved ? UNTIL : null }),
    productCard(2, { title: 'Oak chair', userId: 7, sellerId: 7, isSold: true }),
  ];
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    // The people who chatted about the lamp, the reserved buyer first.
    [BUYERS]: ({ url }) =>
      buyersFail
        ? { status: 500, body: { message: 'Database down' } }
        : hidden
          ? { status: 403, body: { message: messages.chat.listingHidden } }
          : {
              body: {
                data:
                  url.searchParams.get('productId') === '1'
                    ? [
                        { id: 21, userName: 'bob' },
                        { id: 22, userName: 'carol' },
                      ]
                    : [],
              },
            },
    [UNSOLD]: () => ({ body: { data: items.filter((item) => !item.isSold) } }),
    [SOLD]: () => ({ body: { data: items.filter((item) => item.isSold) } }),
    'GET /api/User/profile-details/7': () => ({
      body: { data: profileDetails({ itemsSold: items.filter((item) => item.isSold).length }) },
    }),
    [CHANGE]: ({ body }) => {
      if (changeFails) return { status: 500, body: { message: 'Database down' } };
      if (changeRefused) return { status: 403, body: { message: changeRefused } };
      const { productId, isSold } = body as { productId: number; isSold: boolean };
      const item = items.find((candidate) => candidate.id === productId)!;
      item.isSold = isSold;
      return { body: { message: messages.listing.statusUpdated, data: { productId, isSold } } };
    },
  });
  const count = (key: string) => api.calls.filter((call) => `${call.method} ${call.path}` === key).length;
  return { ...api, count };
}

async function openStore(options: Parameters<typeof mockStore>[0] = {}) {
  storeSession();
  const api = mockStore(options);
  renderApp('/user-main');
  // The first test also waits for the lazily loaded page chunk.
  expect(await screen.findByRole('link', { name: 'Brass lamp' }, { timeout: 5000 })).toBeTruthy();
  return api;
}

/** Mark Sold, then the choice of who bought it (the radio named `choice`), then confirm. */
async function markSoldTo(title: string, choice: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Mark Sold: ${title}` }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog', { name: D.markSoldTo });
  fireEvent.click(await within(dialog).findByRole('radio', { name: choice }));
  fireEvent.click(within(dialog).getByRole('button', { name: messages.listing.markSold }));
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

  it('asks who bought it, among those who chatted about it; cancel sends nothing', async () => {
    const { count } = await openStore();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    const dialog = screen.getByRole('dialog', { name: D.markSoldTo });
    expect(within(dialog).getByText('“Brass lamp” will move to your sold items.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    const group = within(dialog).getByRole('group', { name: D.soldToLegend });
    await within(group).findByRole('radio', { name: 'bob' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['bob', 'carol', D.soldToNobody]);
    // Without a hold nobody is chosen for the seller, so no deal is made by mistake.
    expect(
      within(group)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(
      within(dialog).getByRole('button', { name: messages.listing.markSold }).hasAttribute('disabled'),
    ).toBe(true);
    expect(await seriousA11yViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(count(CHANGE)).toBe(0);

    // Escape cancels too.
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(count(CHANGE)).toBe(0);
  });

  it('sells a reserved item to its buyer, chosen from the start, or to the person picked', async () => {
    const { calls, count } = await openStore({ reserved: true });
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    const dialog = screen.getByRole('dialog', { name: D.markSoldTo });
    const reserved = await within(dialog).findByRole('radio', { name: 'bob (reserved)' });
    expect((reserved as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'carol' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.listing.markSold }));
    await waitFor(() => expect(count(CHANGE)).toBe(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: 1,
      isSold: true,
      buyerId: 22,
    });
    expect(await screen.findByText(messages.profile.emptyStore)).toBeTruthy();
  });

  it('says when the people who chatted cannot be loaded, and still sells to someone else', async () => {
    const { calls, count } = await openStore({ buyersFail: true });
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    const dialog = screen.getByRole('dialog', { name: D.markSoldTo });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(D.buyersFailed);
    fireEvent.click(within(dialog).getByRole('radio', { name: D.soldToNobody }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.listing.markSold }));
    await waitFor(() => expect(count(CHANGE)).toBe(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: 1,
      isSold: true,
      buyerId: null,
    });
  });

  it('says why nobody is offered while staff hide the listing, and still sells it to someone else', async () => {
    const { calls, count } = await openStore({ hidden: true });
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sold: Brass lamp' }));
    const dialog = screen.getByRole('dialog', { name: D.markSoldTo });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.chat.listingHidden);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['nobody']);
    fireEvent.click(within(dialog).getByRole('radio', { name: D.soldToNobody }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.listing.markSold }));
    await waitFor(() => expect(count(CHANGE)).toBe(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ productId: 1, buyerId: null });
  });

  it('on confirm posts the change and reloads both lists', async () => {
    const { calls, count } = await openStore();
    await waitFor(() => expect(count(SOLD)).toBe(1));
    expect(count(UNSOLD)).toBe(1);

    await markSoldTo('Brass lamp', D.soldToNobody);
    await waitFor(() => expect(count(CHANGE)).toBe(1));
    // Someone else: sold with no deal, even were a buyer holding it.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: 1,
      isSold: true,
      buyerId: null,
    });
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

    await markSoldTo('Brass lamp', 'bob');
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
    await markSoldTo('Brass lamp', 'carol');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.listing.soldStatusFailed);
    expect(screen.getByRole('link', { name: 'Brass lamp' })).toBeTruthy();
  });

  it('says the server’s refusal when the change is refused (staff hid the listing meanwhile)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    mockStore({ changeRefused: messages.chat.listingHidden });
    renderApp('/user-main');
    await markSoldTo('Brass lamp', 'carol');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.chat.listingHidden);
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
