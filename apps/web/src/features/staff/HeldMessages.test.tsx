import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, messages, ROUTES, type HeldMessage } from '@rummage/contract';
import { seriousA11yViolations } from '../../test/location';
import { renderWithHubs } from '../../test/supportHub';
import { heldMessage, signInAs, userDetail } from './testData';

const T = messages.staff;
const QUEUE = `GET ${API.staff.tickets}`;
const HELD = `GET ${API.staff.heldMessages}`;
const RELEASE = 'POST /api/Staff/held-messages/5/release';
const REJECT = 'POST /api/Staff/held-messages/5/reject';
const FROM = 'From @ollie to @maria about Blue armchair';

/** The console on its "Held messages" tab, the server holding `held` until a handler takes some away. */
async function openHeld(held: () => HeldMessage[], answers: Parameters<typeof signInAs>[1] = {}) {
  const api = signInAs('staff', {
    [QUEUE]: { body: { data: [], page: 1, pageSize: 20, total: 0 } },
    [HELD]: () => ({ body: { data: held() } }),
    ...answers,
  });
  const user = userEvent.setup();
  const app = renderWithHubs('/staff');
  await user.click(await screen.findByRole('tab', { name: T.heldTab }, { timeout: 5000 }));
  return { api, user, app };
}

const itemOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('staff console held messages', () => {
  it('shows who wrote to whom about what, the message, why it was held, and the account', async () => {
    await openHeld(() => [heldMessage(), heldMessage({ id: 6, productTitle: null, productId: 14 })]);
    const item = await itemOf(FROM);
    expect(within(item).getByRole('link', { name: 'Blue armchair' }).getAttribute('href')).toBe(
      ROUTES.productDetail(12),
    );
    const quote = item.querySelector('blockquote') as HTMLElement;
    expect(quote.textContent).toBe('Pay the courier fee here:\n  https://rummage-pay.example/verify');
    expect(quote.className).toContain('whitespace-pre-wrap');
    expect(
      within(item).getByText(`Why it was held: ${messages.safety.paymentLink} (score 99.97%)`),
    ).toBeTruthy();
    expect(within(item).getByText('Account 3 hours old, e-mail not verified')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Deliver' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Reject' })).toBeTruthy();
    // Oldest first, as the server orders them; a listing gone since shows by its number.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([FROM, 'From @ollie to @maria about #14']);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('delivers a message: calls release, shows the answer, and the item leaves the list', async () => {
    let held = [heldMessage()];
    const { api, user } = await openHeld(() => held, {
      [RELEASE]: () => {
        held = [];
        return { body: { message: T.heldReleased, data: { id: 5, status: 'released' } } };
      },
    });
    const item = await itemOf(FROM);
    await user.click(within(item).getByRole('button', { name: 'Deliver' }));
    expect((await screen.findByRole('status')).textContent).toContain(T.heldReleased);
    expect(api.callsTo(RELEASE)).toHaveLength(1);
    expect(api.callsTo(REJECT)).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: T.heldEmpty })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: FROM })).toBeNull();
  });

  it('rejects a message with the reject call and shows the answer', async () => {
    let held = [heldMessage()];
    const { api, user } = await openHeld(() => held, {
      [REJECT]: () => {
        held = [];
        return { body: { message: T.heldRejected, data: { id: 5, status: 'rejected' } } };
      },
    });
    await user.click(within(await itemOf(FROM)).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('status')).textContent).toContain(T.heldRejected);
    expect(api.callsTo(REJECT)).toHaveLength(1);
    expect(api.callsTo(RELEASE)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('heading', { name: FROM })).toBeNull());
  });

  it('says when another staff member handled it first, and refreshes', async () => {
    let held = [heldMessage()];
    const { api, user } = await openHeld(() => held, {
      [RELEASE]: () => {
        held = [];
        return { status: 404, body: { message: T.heldGone } };
      },
    });
    await user.click(within(await itemOf(FROM)).getByRole('button', { name: 'Deliver' }));
    expect((await screen.findByRole('alert')).textContent).toContain(T.heldGone);
    expect(await screen.findByRole('heading', { name: T.heldEmpty })).toBeTruthy();
    expect(api.callsTo(HELD).length).toBeGreaterThan(1);
  });

  it('keeps both buttons disabled while a decision is on its way', async () => {
    let answer: () => void = () => {};
    const waiting = new Promise<void>((resolve) => (answer = resolve));
    const { user, api } = await openHeld(() => [heldMessage()], {
      [RELEASE]: { body: { message: T.heldReleased, data: { id: 5, status: 'released' } } },
    });
    // The release answer waits until the test lets it through.
    const table = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/release')) await waiting;
      return table!(input, init);
    });
    const item = await itemOf(FROM);
    await user.click(within(item).getByRole('button', { name: 'Deliver' }));
    expect((within(item).getByRole('button', { name: 'Deliver' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await screen.findByRole('status')).textContent).toContain(T.heldReleased);
  });

  it('shows the empty state when nothing waits', async () => {
    await openHeld(() => []);
    expect(await screen.findByRole('heading', { name: T.heldEmpty })).toBeTruthy();
    expect(screen.getByRole('heading', { name: T.heldHeading })).toBeTruthy();
  });

  it("opens the sender's staff page, with the messages staff rejected", async () => {
    const { user } = await openHeld(() => [heldMessage()], {
      'GET /api/Staff/users/8': { body: { data: userDetail({ id: 8, username: 'ollie' }) } },
    });
    await user.click(within(await itemOf(FROM)).getByRole('button', { name: '@ollie' }));
    expect(await screen.findByRole('heading', { name: '@ollie' })).toBeTruthy();
    expect(screen.getByText('Rejected messages: 2')).toBeTruthy();
  });
});
