import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, fillText, messages, type StaffReportedReview } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderWithHubs } from '../../test/supportHub';
import { logEntry, MARIA, reportedProduct, signInAs, userDetail } from './testData';

const EMPTY_PAGE = { body: { data: [], page: 1, pageSize: 20, total: 0 } };
const page = (data: unknown[]) => ({ body: { data, page: 1, pageSize: 20, total: data.length } });
const QUEUE = `GET ${API.staff.tickets}`;

async function openConsole(role: 'staff' | 'admin', answers: Parameters<typeof signInAs>[1] = {}) {
  const api = signInAs(role, { [QUEUE]: EMPTY_PAGE, ...answers });
  const user = userEvent.setup();
  const app = renderWithHubs('/staff');
  await screen.findByRole('tablist', { name: 'Staff console sections' }, { timeout: 5000 });
  return { api, user, app };
}

describe('staff console guard', () => {
  it('sends a visitor to /login', async () => {
    mockApi();
    const { router } = renderWithHubs('/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a signed-in user a "Staff only" panel and no console, and no menu link', async () => {
    const api = signInAs('user');
    const user = userEvent.setup();
    renderWithHubs('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff only' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/Staff'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('link', { name: messages.staff.menuLabel })).toBeNull();
  });

  it('shows staff the console with its five tabs and a menu link to it', async () => {
    const { user } = await openConsole('staff');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Tickets',
      'Reports',
      'Held messages',
      'Users',
      'Log',
    ]);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: messages.staff.menuLabel }).getAttribute('href')).toBe('/staff');
  });
});

describe('staff console reports', () => {
  const HIDE = 'POST /api/Staff/products/12/hide';
  const BAN = 'POST /api/Staff/users/7/ban';

  it('lists reported listings with counts and reporters', async () => {
    const { user } = await openConsole('staff', { [`GET ${API.staff.reports}`]: page([reportedProduct()]) });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    const item = (await screen.findByRole('heading', { name: 'Blue armchair' })).closest('li') as HTMLElement;
    expect(within(item).getByText('2 open reports')).toBeTruthy();
    expect(within(item).getByText('@ollie')).toBeTruthy();
    expect(within(item).getByText('Looks like a scam')).toBeTruthy();
    expect(within(item).getByText('@priya')).toBeTruthy();
    expect(within(item).getByText('no reason given')).toBeTruthy();
  });

  it("shows Rummage's own report of a duplicate photo with a link to the other listing", async () => {
    const automatic = {
      id: 3,
      reporterId: null,
      reporterName: null,
      reason: 'duplicatePhoto',
      status: 'open' as const,
      createdAt: '2025-03-06T10:00:00.000Z',
      relatedProductId: 7,
      relatedUserId: 9,
      relatedUserName: 'priya',
    };
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: page([reportedProduct({ reports: [automatic] })]),
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    const item = (await screen.findByRole('heading', { name: 'Blue armchair' })).closest('li') as HTMLElement;
    expect(within(item).getByText('Rummage')).toBeTruthy();
    const link = within(item).getByRole('link', { name: 'A photo matches one in listing #7 by @priya.' });
    expect(link.getAttribute('href')).toBe('/product-detail/7');
    expect(within(item).queryByText('duplicatePhoto')).toBeNull();
  });

  it('hides a listing only with a reason, sends the reason, and shows the answer', async () => {
    let hidden = false;
    const { user, api } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: () =>
        page([
          reportedProduct(
            hidden
              ? { hiddenAt: '2025-03-06T10:00:00.000Z', hiddenReason: 'Counterfeit', openReports: 0 }
              : {},
          ),
        ]),
      [HIDE]: () => {
        hidden = true;
        return {
          body: {
            message: messages.staff.listingHidden,
            data: {
              productId: 12,
              hiddenAt: '2025-03-06T10:00:00.000Z',
              hiddenReason: 'Counterfeit',
              openReports: 0,
            },
          },
        };
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Hide listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide "Blue armchair"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.staff.reasonRequired);
    expect(api.callsTo(HIDE)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), '  Counterfeit  ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(HIDE).map((call) => call.body)).toEqual([{ reason: 'Counterfeit' }]);
    expect((await screen.findByRole('status')).textContent).toContain(messages.staff.listingHidden);
    expect(await screen.findByText('Hidden: Counterfeit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: page([reportedProduct()]),
      [BAN]: { status: 403, body: { message: messages.staff.cannotBanStaff } },
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Ban seller' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban @maria?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Scams');
    await user.click(within(dialog).getByRole('button', { name: 'Ban seller' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(messages.staff.cannotBanStaff);
  });

  it('dismisses open reports after a confirmation', async () => {
    const DISMISS = 'POST /api/Staff/products/12/dismiss-reports';
    const { user, api } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: page([reportedProduct()]),
      [DISMISS]: { body: { message: messages.staff.reportsDismissed, data: {} } },
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Dismiss the open reports?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    await waitFor(() => expect(api.callsTo(DISMISS)).toHaveLength(1));
    expect((await screen.findByRole('status')).textContent).toContain(messages.staff.reportsDismissed);
  });
});

describe('staff console users and log', () => {
  const USER = 'GET /api/Staff/users/7';

  it('finds people by username or e-mail and shows their listings, reports and tickets', async () => {
    const searched: (string | null)[] = [];
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.users}`]: ({ url }) => {
        searched.push(url.searchParams.get('query'));
        return page([MARIA]);
      },
      [USER]: { body: { data: userDetail() } },
    });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Username or e-mail' }), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searched).toContain('maria@'));
    await user.click(await screen.findByRole('button', { name: /@maria/ }));
    expect(await screen.findByRole('heading', { name: '@maria' })).toBeTruthy();
    expect(screen.getByText('Hidden: Counterfeit')).toBeTruthy();
    expect(screen.getByText('Looks like a scam')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ticket #31/ })).toBeTruthy();
  });

  it('lets staff ban a user, and only admins grant the staff role', async () => {
    const BAN = 'POST /api/Staff/users/7/ban';
    const GRANT = 'POST /api/Staff/users/7/grant-staff';
    const answers = {
      [`GET ${API.staff.users}`]: page([MARIA]),
      [USER]: { body: { data: userDetail() } },
      [BAN]: { body: { message: messages.staff.userBanned, data: MARIA } },
      [GRANT]: { body: { message: '@maria is now support staff.', data: MARIA } },
    };
    const { user, api } = await openConsole('staff', answers);
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: /@maria/ }));
    await screen.findByRole('heading', { name: '@maria' });
    expect(screen.queryByRole('button', { name: 'Make staff' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban @maria?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Repeated scams');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(api.callsTo(BAN).map((call) => call.body)).toEqual([{ reason: 'Repeated scams' }]),
    );
    expect((await screen.findByRole('status')).textContent).toContain(messages.staff.userBanned);
  });

  it("deletes a person's account only with a reason, then says it is gone", async () => {
    const DELETE = 'POST /api/Staff/users/7/delete-account';
    const { user, api } = await openConsole('staff', {
      [`GET ${API.staff.users}`]: page([MARIA]),
      [USER]: { body: { data: userDetail() } },
      [DELETE]: { body: { message: messages.accountData.staffDeleted } },
    });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: /@maria/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of @maria?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.staff.reasonRequired);
    await user.type(within(dialog).getByLabelText('Reason'), 'Fraud ring');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(api.callsTo(DELETE).map((call) => call.body)).toEqual([{ reason: 'Fraud ring' }]),
    );
    expect((await screen.findByRole('status')).textContent).toContain(messages.accountData.staffDeleted);
    expect(screen.queryByRole('heading', { name: '@maria' })).toBeNull();
  });

  it('shows admins the grant-staff action', async () => {
    const GRANT = 'POST /api/Staff/users/7/grant-staff';
    const { user, api } = await openConsole('admin', {
      [`GET ${API.staff.users}`]: page([MARIA]),
      [USER]: { body: { data: userDetail() } },
      [GRANT]: { body: { message: '@maria is now support staff.', data: MARIA } },
    });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: /@maria/ }));
    await user.click(await screen.findByRole('button', { name: 'Make staff' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make staff' }));
    await waitFor(() => expect(api.callsTo(GRANT)).toHaveLength(1));
  });

  it('shows the moderation log newest first with who, what and why', async () => {
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.moderationLog}`]: page([
        logEntry({
          id: 2,
          action: 'ban-user',
          targetProduct: null,
          reason: 'Scams',
          createdAt: '2025-03-07T10:00:00.000Z',
        }),
        logEntry(),
      ]),
    });
    await user.click(screen.getByRole('tab', { name: 'Log' }));
    const log = await screen.findByRole('region', { name: 'Log' });
    const rows = within(await within(log).findByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.replace(/^.*?@sam/, '@sam'))).toEqual([
      '@sam banned a user @mariaScams',
      '@sam hid a listing "Blue armchair" · @mariaCounterfeit',
    ]);
  });
});

describe('staff console search report', () => {
  it('shows under the log how many searches found nothing and the words most often searched in vain', async () => {
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.moderationLog}`]: EMPTY_PAGE,
      [`GET ${API.staff.searchReport}`]: {
        body: {
          searches: 40,
          zeroResultShare: 0.125,
          topZeroResultQueries: [
            { query: 'zorblax', count: 3 },
            { query: 'vintge lampp', count: 2 },
          ],
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Log' }));
    const report = await screen.findByRole('region', { name: messages.staff.searchReportHeading });
    expect(
      await within(report).findByText('40 searches in the last 7 days; 12.5% found nothing.'),
    ).toBeTruthy();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['zorblax3', 'vintge lampp2']);
  });

  it('says so when every search found something', async () => {
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.moderationLog}`]: EMPTY_PAGE,
      [`GET ${API.staff.searchReport}`]: {
        body: { searches: 5, zeroResultShare: 0, topZeroResultQueries: [] },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Log' }));
    expect(await screen.findByRole('heading', { name: messages.staff.searchReportEmpty })).toBeTruthy();
  });
});

describe('staff console reported ratings', () => {
  const R = messages.reviews;
  const REMOVE = 'POST /api/Staff/reviews/31/remove';
  const rating = (overrides: Partial<StaffReportedReview> = {}): StaffReportedReview => ({
    reviewId: 31,
    stars: 1,
    text: 'Rude and late, avoid',
    authorId: 12,
    authorName: 'jonas',
    subjectId: 7,
    subjectName: 'maria',
    removedAt: null,
    removedReason: null,
    openReports: 1,
    lastReportedAt: '2025-03-05T10:00:00.000Z',
    reports: [
      {
        id: 4,
        reporterId: 9,
        reporterName: 'milehighmarket',
        reason: 'Insults the seller',
        status: 'open',
        createdAt: '2025-03-05T10:00:00.000Z',
      },
    ],
    ...overrides,
  });

  it('shows a reported rating with its stars, text, people and reporter; removing it asks why and it leaves', async () => {
    let removed = false;
    const { user, api } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: () => ({
        body: { data: [], reviewReports: removed ? [] : [rating()], page: 1, pageSize: 20, total: 0 },
      }),
      [REMOVE]: () => {
        removed = true;
        return { body: { message: R.removed } };
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    const heading = await screen.findByRole('heading', {
      name: fillText(R.staffAbout, { subject: 'maria', author: 'jonas' }),
    });
    const item = within(heading.closest('li')!);
    expect(item.getByRole('img', { name: fillText(R.starsOption, { count: 1 }) })).toBeTruthy();
    expect(item.getByText('Rude and late, avoid')).toBeTruthy();
    expect(item.getByText('@milehighmarket')).toBeTruthy();
    expect(item.getByText('Insults the seller')).toBeTruthy();
    await user.click(item.getByRole('button', { name: R.staffRemove }));
    const dialog = screen.getByRole('dialog', {
      name: fillText(R.staffRemoveQuestion, { subject: 'maria' }),
    });
    await user.click(within(dialog).getByRole('button', { name: R.staffRemove }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.staff.reasonRequired);
    expect(api.callsTo(REMOVE)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Insults');
    await user.click(within(dialog).getByRole('button', { name: R.staffRemove }));
    expect((await screen.findByRole('status')).textContent).toContain(R.removed);
    expect(api.callsTo(REMOVE).map((call) => call.body)).toEqual([{ reason: 'Insults' }]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: R.staffHeading })).toBeNull());
  });

  it('shows a removed rating with its reason and no remove button under all reports', async () => {
    const { user } = await openConsole('staff', {
      [`GET ${API.staff.reports}`]: {
        body: {
          data: [],
          reviewReports: [rating({ removedAt: '2025-03-06T10:00:00.000Z', removedReason: 'Insults' })],
          page: 1,
          pageSize: 20,
          total: 0,
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText(fillText(R.staffRemovedBecause, { reason: 'Insults' }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: R.staffRemove })).toBeNull();
  });
});
