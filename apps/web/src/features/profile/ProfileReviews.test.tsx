import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, fillText, messages, type PublicReview } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { reputation } from '../../test/reputation';
import { otherProfile, profileDetails } from './testProfiles';

const R = messages.reviews;

describe('the Reviews section of a profile', () => {
  it('shows the stars with the count, each published rating with its answer, and links the rules', async () => {
    storeSession();
    const profile = otherProfile({
      reputation: reputation({
        average: 4.5,
        count: 2,
        asSeller: { average: 4.5, count: 2 },
        deals: 2,
        medianReplyMinutes: 20,
      }),
    });
    mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/User/profile-details/9': { body: { data: profile } },
      'GET /api/Product/unsold/user/9': { body: { data: [] } },
      'GET /api/Product/sold/user/9': { body: { data: [] } },
      'GET /api/Review/user/9': {
        body: {
          hasMore: false,
          data: [
            {
              id: 2,
              stars: 5,
              text: 'Came on time, lamp as described.',
              role: 'seller',
              createdAt: '2026-11-02T10:00:00.000Z',
              reviewer: { id: 12, userName: 'jonas' },
              reply: { text: 'Thanks Jonas!', createdAt: '2026-11-03T10:00:00.000Z' },
            },
            {
              id: 1,
              stars: 4,
              text: '',
              role: 'seller',
              createdAt: '2026-10-02T10:00:00.000Z',
              reviewer: { id: null, userName: messages.chat.deletedUser },
              reply: null,
            },
          ],
        },
      },
    });
    renderApp(ROUTES.otherUser(9));
    const section = (
      await screen.findByRole('heading', { level: 2, name: R.tab }, { timeout: 5000 })
    ).closest('section')!;
    expect(
      await within(section).findByRole('img', {
        name: fillText(R.averageLabel, { average: 4.5, count: 2 }),
      }),
    ).toBeTruthy();
    expect(within(section).getByText('Came on time, lamp as described.')).toBeTruthy();
    expect(within(section).getByText('Thanks Jonas!')).toBeTruthy();
    expect(within(section).getByRole('img', { name: fillText(R.starsOption, { count: 5 }) })).toBeTruthy();
    expect(
      within(section).getByText(fillText(R.byLine, { role: R.asSeller, name: messages.chat.deletedUser })),
    ).toBeTruthy();
    expect(within(section).getByRole('link', { name: R.rulesLink }).getAttribute('href')).toBe(
      ROUTES.ratingRules,
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });
});

const REPUTATION = reputation({
  average: 4,
  count: 1,
  asSeller: { average: 4, count: 1 },
  deals: 3,
  medianReplyMinutes: 45,
});

function review(id: number, overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id,
    stars: 4,
    text: `Rating number ${id}`,
    role: 'seller',
    createdAt: '2026-11-02T10:00:00.000Z',
    reviewer: { id: 12, userName: 'jonas' },
    reply: null,
    ...overrides,
  };
}

/** A profile page (maria's own, id 7, or milehighmarket's, id 9) with the given ratings and extra answers. */
async function openProfile(
  own: boolean,
  reviews: PublicReview[],
  extra: Record<string, MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer)> = {},
) {
  storeSession();
  const id = own ? 7 : 9;
  const profile = own ? profileDetails({ reputation: REPUTATION }) : otherProfile({ reputation: REPUTATION });
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/User/profile-details/${id}`]: { body: { data: profile } },
    [`GET /api/Product/unsold/user/${id}`]: { body: { data: [] } },
    [`GET /api/Product/sold/user/${id}`]: { body: { data: [] } },
    [`GET /api/Review/user/${id}`]: { body: { hasMore: false, data: reviews } },
    ...extra,
  });
  renderApp(own ? ROUTES.userMain : ROUTES.otherUser(id));
  const heading = await screen.findByRole('heading', { level: 2, name: R.tab }, { timeout: 5000 });
  const section = within(heading.closest('section')!);
  await section.findByText(reviews[0]?.text ?? R.noReviews);
  return { ...api, section, user: userEvent.setup() };
}

describe('the reputation in the profile header', () => {
  it('shows stars, deals done and reply time, the stars leading to the Reviews section', async () => {
    await openProfile(false, [review(1)]);
    const header = screen.getByRole('heading', { level: 1, name: '@milehighmarket' }).parentElement!;
    const stars = within(header).getByRole('link', {
      name: fillText(R.averageLabel, { average: 4, count: 1 }),
    });
    expect(stars.getAttribute('href')).toBe('#reviews');
    expect(document.getElementById('reviews')?.querySelector('h2')?.textContent).toBe(R.tab);
    expect(within(header).getByText('3 deals done')).toBeTruthy();
    expect(within(header).getByText(R.repliesWithinHour)).toBeTruthy();
  });
});

describe('answering a rating', () => {
  it('lets the rated person answer once: the server’s words, then the answer in place of the form', async () => {
    const { section, user, calls } = await openProfile(
      true,
      [review(3), review(2, { reply: { text: 'Thanks!', createdAt: '2026-11-03T10:00:00.000Z' } })],
      {
        'POST /api/Review/3/reply': { body: { message: R.replied } },
      },
    );
    // One form: the rating already answered has none. The rated person may still report either.
    expect(section.getAllByLabelText(R.replyLabel)).toHaveLength(1);
    expect(section.getAllByRole('button', { name: messages.listing.report })).toHaveLength(2);
    await user.click(section.getByRole('button', { name: R.replySend }));
    expect(section.getByRole('alert').textContent).toBe(R.replyRequired);
    await user.type(section.getByLabelText(R.replyLabel), 'Glad it fits your hall!');
    await user.click(section.getByRole('button', { name: R.replySend }));
    expect((await section.findByRole('status')).textContent).toBe(R.replied);
    expect(section.getByText('Glad it fits your hall!')).toBeTruthy();
    expect(section.queryByLabelText(R.replyLabel)).toBeNull();
    expect(calls.find((call) => call.path === '/api/Review/3/reply')?.body).toEqual({
      text: 'Glad it fits your hall!',
    });
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const { section, user } = await openProfile(true, [review(3)], {
      'POST /api/Review/3/reply': { status: 409, body: { message: R.alreadyReplied } },
    });
    await user.type(section.getByLabelText(R.replyLabel), 'Thanks');
    await user.click(section.getByRole('button', { name: R.replySend }));
    expect((await section.findByRole('alert')).textContent).toBe(R.alreadyReplied);
    expect((section.getByLabelText(R.replyLabel) as HTMLTextAreaElement).value).toBe('Thanks');
  });
});

describe('reporting a rating', () => {
  it('asks, sends the optional reason and shows the server’s thanks; no answer form on someone else’s', async () => {
    const { section, user, calls } = await openProfile(false, [review(5)], {
      'POST /api/Review/5/report': { body: { message: R.reported } },
    });
    expect(section.queryByLabelText(R.replyLabel)).toBeNull();
    await user.click(section.getByRole('button', { name: messages.listing.report }));
    const dialog = within(screen.getByRole('dialog', { name: messages.listing.report }));
    expect(dialog.getByText(R.reportQuestion)).toBeTruthy();
    await user.type(dialog.getByLabelText(R.reportReasonLabel), 'It insults the seller');
    await user.click(dialog.getByRole('button', { name: 'Report' }));
    expect((await dialog.findByRole('status')).textContent).toBe(R.reported);
    expect(calls.find((call) => call.path === '/api/Review/5/report')?.body).toEqual({
      reason: 'It insults the seller',
    });
  });

  it('shows a refusal in the server’s words, and offers no Report on your own rating', async () => {
    const { section, user } = await openProfile(
      false,
      [review(5), review(4, { reviewer: { id: 7, userName: 'maria' } })],
      {
        'POST /api/Review/5/report': { status: 409, body: { message: R.alreadyReported } },
      },
    );
    expect(section.getAllByRole('button', { name: messages.listing.report })).toHaveLength(1);
    await user.click(section.getByRole('button', { name: messages.listing.report }));
    const dialog = within(screen.getByRole('dialog', { name: messages.listing.report }));
    await user.click(dialog.getByRole('button', { name: 'Report' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(R.alreadyReported);
  });
});

describe('more ratings', () => {
  it('shows "Show more ratings" while the server has more, and adds the next page', async () => {
    const { section, user, calls } = await openProfile(false, [review(30)], {
      'GET /api/Review/user/9': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { body: { hasMore: false, data: [review(10)] } }
          : { body: { hasMore: true, data: [review(30)] } },
    });
    await user.click(section.getByRole('button', { name: R.showMore }));
    expect(await section.findByText('Rating number 10')).toBeTruthy();
    expect(section.getByText('Rating number 30')).toBeTruthy();
    await waitFor(() => expect(section.queryByRole('button', { name: R.showMore })).toBeNull());
    expect(calls.filter((call) => call.path === '/api/Review/user/9')).toHaveLength(2);
  });
});
