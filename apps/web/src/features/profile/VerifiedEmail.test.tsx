import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillText, messages, type ProfileDetails } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';
import { otherProfile, profileDetails } from './testProfiles';

const V = messages.emailVerification;
const RESEND = 'POST /api/Account/resend-verification';

function open(path: string, profile: ProfileDetails, extra: Record<string, MockAnswer> = {}) {
  storeSession();
  const me = {
    body: { data: { ...ME_OK.body.data, emailVerified: profile.isOwner && profile.emailVerified } },
  };
  const api = mockApi({
    'GET /api/Account/me': profile.isOwner ? me : ME_OK,
    [`GET /api/User/profile-details/${profile.id}`]: { body: { data: profile } },
    [`GET /api/Product/unsold/user/${profile.id}`]: { body: { data: [] } },
    [`GET /api/Product/sold/user/${profile.id}`]: { body: { data: [] } },
    ...extra,
  });
  renderApp(path);
  return api;
}

/** The profile's heading, once the server's answer (not just the session) is shown. */
async function heading(name: string) {
  await screen.findByText(messages.profile.thrifterSince, { exact: false }, { timeout: 5000 });
  return screen.getByRole('heading', { level: 1, name });
}
const reminderText = fillText(V.reminder, { email: 'maria@example.com' });

describe('"E-mail verified" badge', () => {
  it('shows on someone else’s profile when their address is verified', async () => {
    open('/user-main/9', otherProfile({ emailVerified: true }));
    await heading('@milehighmarket');
    expect(screen.getByText(V.badge)).toBeTruthy();
    expect(screen.getByText(V.badge).querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('does not show when the address is not verified, and nobody else gets the reminder', async () => {
    open('/user-main/9', otherProfile({ emailVerified: false }));
    await heading('@milehighmarket');
    expect(screen.queryByText(V.badge)).toBeNull();
    expect(screen.queryByRole('button', { name: V.resend })).toBeNull();
  });

  it('shows on your own verified profile, without a reminder', async () => {
    open('/user-main', profileDetails({ emailVerified: true }));
    await heading('@maria');
    expect(screen.getByText(V.badge)).toBeTruthy();
    expect(screen.queryByText(reminderText)).toBeNull();
    expect(screen.queryByRole('button', { name: V.resend })).toBeNull();
  });
});

describe('verification reminder', () => {
  it('asks the unverified owner to open the link, and sends it again', async () => {
    const sent = fillText(V.sent, { email: 'maria@example.com' });
    const api = open('/user-main', profileDetails({ emailVerified: false }), {
      [RESEND]: { body: { message: sent } },
    });
    await heading('@maria');
    expect(screen.queryByText(V.badge)).toBeNull();
    const region = screen.getByRole('region', { name: V.pageTitle });
    expect(within(region).getByText(reminderText)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);

    const button = within(region).getByRole('button', { name: V.resend });
    fireEvent.click(button);
    expect(button).toHaveProperty('disabled', true);
    const answer = await within(region).findByText(sent);
    expect(answer.closest('[aria-live]')).toBeTruthy();
    expect(button).toHaveProperty('disabled', false);
    const posts = api.calls.filter((call) => `${call.method} ${call.path}` === RESEND);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('shows the server’s refusal (today’s limit)', async () => {
    open('/user-main', profileDetails({ emailVerified: false }), {
      [RESEND]: { status: 429, body: { message: V.dailyLimit }, headers: { 'Retry-After': '3600' } },
    });
    await heading('@maria');
    fireEvent.click(screen.getByRole('button', { name: V.resend }));
    const answer = await screen.findByText(V.dailyLimit);
    expect(answer.getAttribute('data-tone')).toBe('error');
  });
});
