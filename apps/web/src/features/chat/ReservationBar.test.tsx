import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, fillText, messages, type ChatThreadHeader } from '@rummage/contract';
import { mockApi, storeSession } from '../../test/api';
import { ReservationBar, holdEndText } from './ReservationBar';

const L = messages.listing;
const UNTIL = '2026-05-03T12:00:00.000Z';
// Listing 40 of seller 12; the buyer is 7.
const BASE: ChatThreadHeader = {
  userId: 12,
  userName: 'sam',
  userImageUrl: null,
  isFollowedByCurrentUser: false,
  isBlockedByCurrentUser: false,
  productId: 40,
  productName: 'Blue velvet sofa',
  productPrice: 120,
  productImageUrl: null,
  sellerId: 12,
  isSold: false,
  isHidden: false,
  reservedUntil: null,
  isReservedInThisChat: false,
  agreedPrice: null,
};
/** The same chat from the seller's side: the other person is the buyer, maria (7). */
const SELLER_SIDE: ChatThreadHeader = { ...BASE, userId: 7, userName: 'maria' };

afterEach(() => vi.unstubAllGlobals());

describe('reservation bar in the chat', () => {
  it('tells the buyer the listing is reserved for them, and until when', () => {
    render(<ReservationBar header={{ ...BASE, reservedUntil: UNTIL, isReservedInThisChat: true }} />);
    expect(screen.getByRole('status').textContent).toBe(
      fillText(L.reservedForYou, { time: holdEndText(UNTIL) }),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells another buyer the listing is held for someone else, and until when, without a name', () => {
    render(<ReservationBar header={{ ...BASE, reservedUntil: UNTIL, isReservedInThisChat: false }} />);
    expect(screen.getByRole('status').textContent).toBe(
      fillText(L.reservedForSomeoneElse, { time: holdEndText(UNTIL) }),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the buyer nothing when there is no hold', () => {
    const { container } = render(<ReservationBar header={BASE} />);
    expect(container.textContent).toBe('');
  });

  it('lets the seller reserve for this buyer, then release it', async () => {
    storeSession();
    const api = mockApi({
      'POST /api/Product/reserve': {
        body: { message: L.reserved, data: { productId: 40, reservedForId: 7, reservedUntil: UNTIL } },
      },
      'POST /api/Product/unreserve': {
        body: { message: L.released, data: { productId: 40, reservedForId: null, reservedUntil: null } },
      },
    });
    const user = userEvent.setup();
    render(<ReservationBar header={SELLER_SIDE} />);
    await user.click(screen.getByRole('button', { name: fillText(L.reserveFor, { name: 'maria' }) }));
    const release = await screen.findByRole('button', { name: fillText(L.releaseLabel, { name: 'maria' }) });
    expect(release.textContent).toBe(L.release);
    expect(screen.getByRole('status').textContent).toBe(
      fillText(L.reservedUntil, { time: holdEndText(UNTIL) }),
    );
    expect(api.calls.find((call) => call.path === API.product.reserve)?.body).toEqual({
      productId: 40,
      buyerId: 7,
    });

    await user.click(release);
    await screen.findByRole('button', { name: fillText(L.reserveFor, { name: 'maria' }) });
    expect(api.calls.find((call) => call.path === API.product.unreserve)?.body).toEqual({ productId: 40 });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's refusal when reserving fails", async () => {
    storeSession();
    mockApi({ 'POST /api/Product/reserve': { status: 400, body: { message: L.reserveNoChat } } });
    const user = userEvent.setup();
    render(<ReservationBar header={SELLER_SIDE} />);
    await user.click(screen.getByRole('button', { name: fillText(L.reserveFor, { name: 'maria' }) }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(L.reserveNoChat));
  });

  it('marks the listing sold to this buyer after a confirmation, then reads the chat again', async () => {
    storeSession();
    const api = mockApi({
      [`POST ${API.product.changeSoldStatus}`]: {
        body: { message: L.statusUpdated, data: { productId: 40, isSold: true, dealId: 3 } },
      },
    });
    const onSold = vi.fn();
    const user = userEvent.setup();
    render(<ReservationBar header={SELLER_SIDE} onSold={onSold} />);
    const open = screen.getByRole('button', {
      name: fillText(messages.deals.markSoldToName, { name: 'maria' }),
    });
    await user.click(open);
    const dialog = screen.getByRole('alertdialog', { name: L.confirm });
    expect(
      within(dialog).getByText(
        fillText(messages.deals.confirmSoldTo, { title: 'Blue velvet sofa', name: 'maria' }),
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: messages.deals.cancel }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(document.activeElement).toBe(open);

    await user.click(open);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: L.markSold }));
    await waitFor(() => expect(onSold).toHaveBeenCalledTimes(1));
    expect(api.calls.find((call) => call.path === API.product.changeSoldStatus)?.body).toEqual({
      productId: 40,
      isSold: true,
      buyerId: 7,
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows the server's refusal when marking sold to this buyer fails", async () => {
    storeSession();
    mockApi({
      [`POST ${API.product.changeSoldStatus}`]: {
        status: 400,
        body: { message: messages.deals.buyerNoChat },
      },
    });
    const user = userEvent.setup();
    render(<ReservationBar header={SELLER_SIDE} />);
    await user.click(
      screen.getByRole('button', { name: fillText(messages.deals.markSoldToName, { name: 'maria' }) }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: L.markSold }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.deals.buyerNoChat));
  });

  it('offers nothing on a sold listing', () => {
    const { container } = render(<ReservationBar header={{ ...SELLER_SIDE, isSold: true }} />);
    expect(container.textContent).toBe('');
  });

  it('offers nothing on a listing staff hid but to release a hold made before', async () => {
    const { container, unmount } = render(<ReservationBar header={{ ...SELLER_SIDE, isHidden: true }} />);
    expect(container.textContent).toBe('');
    unmount();

    storeSession();
    const api = mockApi({
      'POST /api/Product/unreserve': {
        body: { message: L.released, data: { productId: 40, reservedForId: null, reservedUntil: null } },
      },
    });
    const user = userEvent.setup();
    render(
      <ReservationBar
        header={{ ...SELLER_SIDE, isHidden: true, reservedUntil: UNTIL, isReservedInThisChat: true }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      fillText(L.reservedUntil, { time: holdEndText(UNTIL) }),
    );
    const release = screen.getByRole('button', { name: fillText(L.releaseLabel, { name: 'maria' }) });
    expect(screen.getAllByRole('button')).toEqual([release]);
    await user.click(release);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    expect(api.calls.find((call) => call.path === API.product.unreserve)?.body).toEqual({ productId: 40 });
  });
});
