import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  API,
  ROUTES,
  apiPath,
  fillText,
  messages,
  type DealListItem,
  type OwnReview,
} from '@rummage/contract';
import { mockApi, storeSession, type MockAnswer } from '../../test/api';
import { seriousA11yViolations } from '../../test/location';
import { reviewKeys } from '../reviews';
import { DealPanel } from './DealPanel';

const D = messages.deals;
const R = messages.reviews;
const SELLER = 12;
const BUYER = 7;

/** Lamp 40 sold by sam (12) to maria (7), seen from maria's side unless told otherwise. */
function deal(change: Partial<DealListItem> = {}): DealListItem {
  return {
    id: 5,
    productId: 40,
    sellerId: SELLER,
    buyerId: BUYER,
    price: 30,
    soldAt: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'completed',
    rateUntil: new Date(Date.now() + 86_400_000).toISOString(),
    title: 'Brass lamp',
    other: { id: SELLER, userName: 'sam' },
    myReview: null,
    ...change,
  };
}

const REVIEW: OwnReview = {
  id: 3,
  dealId: 5,
  stars: 4,
  text: 'On time.',
  role: 'seller',
  status: 'pending',
  createdAt: new Date().toISOString(),
};

function renderPanel(
  deals: DealListItem[],
  handlers: Record<string, MockAnswer | (() => MockAnswer)> = {},
  otherId = SELLER,
) {
  storeSession();
  const api = mockApi({ [`GET ${API.deal.root}`]: { body: { data: deals } }, ...handlers });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <DealPanel productId={40} otherId={otherId} /> },
    { path: ROUTES.ratingRules, element: <h1>rules</h1> },
  ]);
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, unmount, queryClient };
}

afterEach(() => vi.unstubAllGlobals());

describe('the deal in the chat', () => {
  it('shows nothing when the two made no deal on this item', async () => {
    const api = renderPanel([deal({ productId: 41 }), deal({ other: { id: 99, userName: 'kim' } })]);
    await waitFor(() => expect(api.calls.some((call) => call.path === API.deal.root)).toBe(true));
    expect(screen.queryByText(/^Deal:/)).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers the rating form while the window is open; sending shows the answer and takes the focus', async () => {
    const api = renderPanel([deal()], {
      [`POST ${API.review.root}`]: { status: 201, body: { message: R.sentPending, data: REVIEW } },
    });
    expect(await screen.findByText(fillText(D.dealLine, { status: D.status.completed }))).toBeTruthy();
    const form = screen.getByRole('form', { name: R.rate });
    const stars = within(form).getByRole('group', { name: R.starsLabel });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    for (const count of [1, 2, 3, 4, 5])
      expect(within(stars).getByRole('radio', { name: fillText(R.starsOption, { count }) })).toBeTruthy();
    expect(within(form).getByRole('link', { name: R.rulesLink }).getAttribute('href')).toBe(
      ROUTES.ratingRules,
    );
    expect(within(form).getByText(new RegExp(R.rules.slice(0, 40)))).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);

    const user = userEvent.setup();
    // No stars: said at once, nothing sent, the first star takes the focus.
    await user.click(within(form).getByRole('button', { name: R.submit }));
    expect(screen.getByRole('alert').textContent).toBe(R.starsInvalid);
    expect(document.activeElement).toBe(
      within(stars).getByRole('radio', { name: fillText(R.starsOption, { count: 1 }) }),
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(stars).getByRole('radio', { name: fillText(R.starsOption, { count: 4 }) }));
    await user.type(within(form).getByRole('textbox', { name: R.textLabel }), 'On time.');
    await user.click(within(form).getByRole('button', { name: R.submit }));
    const status = await screen.findByText(R.sentPending);
    expect(status.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(status);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      dealId: 5,
      stars: 4,
      text: 'On time.',
    });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(fillText(R.yourRating, { count: 4 }), { exact: false })).toBeTruthy();
    expect(screen.getByText(R.pending)).toBeTruthy();
  });

  it("shows the server's refusal in an alert and keeps the form", async () => {
    renderPanel([deal()], {
      [`POST ${API.review.root}`]: { status: 409, body: { message: R.alreadyRated } },
    });
    const form = await screen.findByRole('form', { name: R.rate });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: fillText(R.starsOption, { count: 5 }) }));
    await user.click(within(form).getByRole('button', { name: R.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(R.alreadyRated);
    expect(screen.getByRole('form', { name: R.rate })).toBeTruthy();
  });

  it('shows an own published rating instead of the form', async () => {
    renderPanel([deal({ myReview: { ...REVIEW, status: 'published', stars: 2 } })]);
    expect(await screen.findByText(R.ownPublished)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('gives no form after the window, and says a void deal is called off', async () => {
    const { unmount } = renderPanel([deal({ rateUntil: new Date(Date.now() - 1000).toISOString() })]);
    expect(await screen.findByText(fillText(D.dealLine, { status: D.status.completed }))).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: D.dispute })).toBeNull();
    unmount();

    renderPanel([deal({ status: 'void' })]);
    expect(await screen.findByText(fillText(D.dealLine, { status: D.status.void }))).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: D.dispute })).toBeNull();
  });

  it('lets the buyer say the handover did not happen, after confirming; the seller has no such button', async () => {
    const api = renderPanel([deal()], {
      [`POST ${apiPath(API.deal.dispute, { id: 5 })}`]: {
        body: {
          message: D.disputed,
          data: { ...deal({ status: 'void' }), other: undefined, myReview: undefined },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: D.dispute }));
    const dialog = screen.getByRole('alertdialog', { name: D.disputeTitle });
    expect(within(dialog).getByText(fillText(D.disputeDescription, { title: 'Brass lamp' }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: D.cancel }));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: D.dispute }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: D.disputeConfirm }));
    const status = await screen.findByText(D.disputed);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.getByText(fillText(D.dealLine, { status: D.status.void }))).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: D.dispute })).toBeNull();
  });

  it('gives the seller the form but not the dispute', async () => {
    renderPanel([deal({ other: { id: BUYER, userName: 'maria' } })], {}, BUYER);
    expect(await screen.findByRole('form', { name: R.rate })).toBeTruthy();
    expect(screen.queryByRole('button', { name: D.dispute })).toBeNull();
  });

  it('has both profiles read their ratings again once a rating makes both public', async () => {
    const api = renderPanel([deal()], {
      [`POST ${API.review.root}`]: {
        status: 201,
        body: { message: R.sentPublished, data: { ...REVIEW, status: 'published' } },
      },
    });
    for (const person of [SELLER, BUYER]) {
      api.queryClient.setQueryData(reviewKeys.reputation(person), { average: 5, count: 1 });
      api.queryClient.setQueryData(reviewKeys.list(person), { data: [], hasMore: false });
    }
    const form = await screen.findByRole('form', { name: R.rate });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: fillText(R.starsOption, { count: 5 }) }));
    await user.click(within(form).getByRole('button', { name: R.submit }));
    await screen.findByText(R.sentPublished);
    for (const person of [SELLER, BUYER]) {
      expect(api.queryClient.getQueryState(reviewKeys.reputation(person))?.isInvalidated).toBe(true);
      expect(api.queryClient.getQueryState(reviewKeys.list(person))?.isInvalidated).toBe(true);
    }
  });
});
