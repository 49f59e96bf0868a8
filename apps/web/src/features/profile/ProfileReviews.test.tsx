import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, fillText, messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { otherProfile } from './testProfiles';

const R = messages.reviews;

describe('the Reviews section of a profile', () => {
  it('shows the stars with the count, each published rating with its answer, and links the rules', async () => {
    storeSession();
    const profile = otherProfile({
      reputation: {
        average: 4.5,
        count: 2,
        asSeller: { average: 4.5, count: 2 },
        asBuyer: { average: null, count: 0 },
        deals: 2,
        medianReplyMinutes: 20,
      },
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
