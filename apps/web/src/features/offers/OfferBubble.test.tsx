import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  apiPath,
  fillText,
  formatPrice,
  messages,
  type Offer,
  type OfferInChat,
} from '@rummage/contract';
import { mockApi, storeSession } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';
import { OfferBubble } from './OfferBubble';

const O = messages.offers;
const PENDING: OfferInChat = { id: 9, amount: 80, status: 'pending' };
const FULL: Offer = {
  ...PENDING,
  productId: 40,
  buyerId: 7,
  sellerId: 12,
  fromUserId: 7,
  expiresAt: '2026-05-03T12:00:00.000Z',
  createdAt: '2026-05-01T12:00:00.000Z',
};
const price = formatPrice(80);

afterEach(() => vi.unstubAllGlobals());

describe('an offer in the chat', () => {
  it('lets the person it was made to accept it, named for screen readers', async () => {
    storeSession();
    const api = mockApi({
      [`POST ${apiPath(API.offer.accept, { id: 9 })}`]: {
        body: { message: O.accepted, data: { ...FULL, status: 'accepted' } },
      },
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    render(<OfferBubble offer={PENDING} own={false} makerName="maria" onChanged={changed} />);
    expect(
      screen.getByRole('group', { name: fillText(O.bubbleLabel, { amount: price, name: 'maria' }) }),
    ).toBeTruthy();
    expect(screen.getByText(O.status.pending)).toBeTruthy();
    expect(screen.queryByRole('button', { name: fillText(O.withdrawLabel, { amount: price }) })).toBeNull();
    await user.click(screen.getByRole('button', { name: fillText(O.acceptLabel, { amount: price }) }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith({ ...FULL, status: 'accepted' }));
    expect(api.calls.some((call) => call.path === apiPath(API.offer.accept, { id: 9 }))).toBe(true);
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });

  it('counters with an amount from the keyboard, and Cancel brings the focus back', async () => {
    storeSession();
    const api = mockApi({
      [`POST ${apiPath(API.offer.counter, { id: 9 })}`]: {
        status: 201,
        body: { message: O.countered, data: { ...FULL, id: 10, amount: 95, fromUserId: 12 } },
      },
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    render(<OfferBubble offer={PENDING} own={false} makerName="maria" onChanged={changed} />);
    const open = screen.getByRole('button', { name: fillText(O.counterOpenLabel, { amount: price }) });
    await user.click(open);
    const field = screen.getByRole('textbox', { name: O.counterLabel });
    expect(document.activeElement).toBe(field);
    await user.click(screen.getByRole('button', { name: O.cancel }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: fillText(O.counterOpenLabel, { amount: price }) }),
    );

    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: O.counterLabel }), 'abc{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(O.amountInvalid);
    await user.clear(screen.getByRole('textbox', { name: O.counterLabel }));
    await user.type(screen.getByRole('textbox', { name: O.counterLabel }), '95{Enter}');
    await waitFor(() =>
      expect(changed).toHaveBeenCalledWith(expect.objectContaining({ id: 10, amount: 95 })),
    );
    expect(api.calls.find((call) => call.path === apiPath(API.offer.counter, { id: 9 }))?.body).toEqual({
      amount: '95',
    });
  });

  it("lets its maker withdraw it, and reads out the server's refusal", async () => {
    storeSession();
    mockApi({
      [`POST ${apiPath(API.offer.withdraw, { id: 9 })}`]: { status: 409, body: { message: O.notPending } },
    });
    const user = userEvent.setup();
    render(<OfferBubble offer={PENDING} own makerName="sam" onChanged={vi.fn()} />);
    expect(screen.queryByRole('button', { name: fillText(O.acceptLabel, { amount: price }) })).toBeNull();
    await user.click(screen.getByRole('button', { name: fillText(O.withdrawLabel, { amount: price }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(O.notPending);
  });

  it('shows an answered offer with its status and no buttons', () => {
    render(
      <OfferBubble
        offer={{ ...PENDING, status: 'accepted' }}
        own={false}
        makerName="maria"
        onChanged={vi.fn()}
      />,
    );
    expect(screen.getByText(O.status.accepted)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
