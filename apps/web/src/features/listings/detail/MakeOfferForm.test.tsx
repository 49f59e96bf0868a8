import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { API, fillText, messages, type Offer } from '@rummage/contract';
import { mockApi, storeSession } from '../../../test/api';
import { seriousA11yViolations } from '../../../test/location';
import { loadLanguage } from '../../../shared/i18n/catalogues';
import { LanguageContext } from '../../../shared/i18n/useTexts';
import { MakeOfferForm } from './MakeOfferForm';

const O = messages.offers;
const OFFER: Offer = {
  id: 9,
  productId: 40,
  buyerId: 7,
  sellerId: 12,
  fromUserId: 7,
  amount: 80,
  status: 'pending',
  expiresAt: '2026-05-03T12:00:00.000Z',
  createdAt: '2026-05-01T12:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function openForm(signedIn = true) {
  render(
    <MemoryRouter>
      <MakeOfferForm productId={40} price={120} signedIn={signedIn} />
    </MemoryRouter>,
  );
  return screen.getByRole('textbox', { name: O.amountLabel });
}

describe('make an offer on a listing', () => {
  it('sends the amount and says the offer was sent', async () => {
    storeSession();
    const api = mockApi({ 'POST /api/Offer': { status: 201, body: { message: O.sent, data: OFFER } } });
    const user = userEvent.setup();
    const field = openForm();
    expect(field.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText(fillText(O.amountHint, { price: '$120' }))).toBeTruthy();
    await user.type(field, '80{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe(O.sent);
    expect(api.calls.find((call) => call.path === API.offer.root)?.body).toEqual({
      productId: 40,
      amount: '80',
    });
    expect((field as HTMLInputElement).value).toBe('');
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });

  it('checks the amount as the server does before sending anything', async () => {
    storeSession();
    const api = mockApi();
    const user = userEvent.setup();
    const field = openForm();
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: O.makeOffer }));
    expect((await screen.findByRole('alert')).textContent).toBe(O.amountInvalid);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.path === API.offer.root)).toBe(false);
  });

  it("reads out the seller's lowest-offer answer and the server's refusals, 429 included", async () => {
    storeSession();
    const tooMany = fillText(O.tooMany, { count: 3 });
    let answer: { status: number; body: unknown } = {
      status: 201,
      body: { message: O.tooLow, data: { ...OFFER, amount: 10, status: 'declined' } },
    };
    mockApi({ 'POST /api/Offer': () => answer });
    const user = userEvent.setup();
    const field = openForm();
    await user.type(field, '10{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(O.tooLow);

    answer = { status: 429, body: { message: tooMany } };
    await user.clear(field);
    await user.type(field, '90{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
  });

  it('asks a visitor to log in first', async () => {
    mockApi();
    const user = userEvent.setup();
    const field = openForm(false);
    await user.type(field, '50{Enter}');
    expect(await screen.findByText(messages.listing.loginFirst)).toBeTruthy();
  });

  it('reads a German reader’s "12,50" and answers them in German', async () => {
    storeSession();
    const api = mockApi({ 'POST /api/Offer': { status: 201, body: { message: O.sent, data: OFFER } } });
    const user = userEvent.setup();
    const german = await loadLanguage('de');
    render(
      <LanguageContext.Provider value={german}>
        <MemoryRouter>
          <MakeOfferForm productId={40} price={120} signedIn />
        </MemoryRouter>
      </LanguageContext.Provider>,
    );
    const field = screen.getByRole('textbox', { name: german.texts.offers.amountLabel });
    await user.type(field, '12,345');
    await user.click(screen.getByRole('button', { name: german.texts.offers.makeOffer }));
    expect((await screen.findByRole('alert')).textContent).toBe(german.texts.offers.amountInvalid);
    expect(api.calls.some((call) => call.path === API.offer.root)).toBe(false);
    await user.clear(field);
    await user.type(field, '12,50{Enter}');
    await screen.findByRole('status');
    expect(api.calls.find((call) => call.path === API.offer.root)?.body).toEqual({
      productId: 40,
      amount: '12.50',
    });
  });
});
