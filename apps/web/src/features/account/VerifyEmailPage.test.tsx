import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

const V = messages.emailVerification;
const VERIFY = 'POST /api/Account/verify-email';

function verifyCalls(calls: ReturnType<typeof mockApi>['calls']) {
  return calls.filter((call) => `${call.method} ${call.path}` === VERIFY);
}

describe('/verify-email', () => {
  it('sends the token once, says "checking" meanwhile, then the server’s message and a way to log in', async () => {
    const api = mockApi({ [VERIFY]: { body: { message: V.verified } } });
    // The table answers at once; the verification waits for `release`, so "checking" can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/Account/verify-email')) await held;
      return answer(input, init);
    });
    renderApp('/verify-email?token=abc123');

    expect((await screen.findByText(V.checking)).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: V.pageTitle })).toBeTruthy();
    release();

    expect((await screen.findByText(V.verified)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText(V.checking)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: V.toLogin }).getAttribute('href')).toBe('/login');
    expect(verifyCalls(api.calls)).toHaveLength(1);
    expect(verifyCalls(api.calls)[0]!.body).toEqual({ token: 'abc123' });
    await waitFor(() => expect(document.title).toBe(`${V.pageTitle} - Rummage`));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('signed in: links to your profile and refreshes what the app knows of you', async () => {
    storeSession();
    let verified = false;
    const api = mockApi({
      'GET /api/Account/me': () => ({ body: { data: { ...ME_OK.body.data, emailVerified: verified } } }),
      [VERIFY]: () => {
        verified = true;
        return { body: { message: V.verified } };
      },
    });
    renderApp('/verify-email?token=abc123');
    await screen.findByText(V.verified);
    expect(screen.getByRole('link', { name: V.toProfile }).getAttribute('href')).toBe('/user-main');
    // The current user is asked again after the link worked.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/api/Account/me').length).toBeGreaterThanOrEqual(2),
    );
    expect(verifyCalls(api.calls)).toHaveLength(1);
  });

  it('shows the server’s refusal of a used or expired link as an alert', async () => {
    const api = mockApi({
      [VERIFY]: { status: 400, body: { message: V.tokenInvalid, errors: { token: V.tokenInvalid } } },
    });
    renderApp('/verify-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toContain(V.tokenInvalid);
    expect(screen.queryByText(V.verified)).toBeNull();
    expect(screen.getByRole('link', { name: V.toLogin })).toBeTruthy();
    expect(verifyCalls(api.calls)).toHaveLength(1);
  });

  it('without a token says the link is invalid, without asking the server', async () => {
    const api = mockApi();
    renderApp('/verify-email');
    expect((await screen.findByRole('alert')).textContent).toContain(V.tokenInvalid);
    expect(screen.queryByText(V.checking)).toBeNull();
    expect(screen.getByRole('link', { name: V.toLogin })).toBeTruthy();
    expect(verifyCalls(api.calls)).toHaveLength(0);
  });

  it('sends a link’s token once in strict mode too (a used token would answer 400 the second time)', async () => {
    let used = false;
    const api = mockApi({
      [VERIFY]: () => {
        if (used) return { status: 400, body: { message: V.tokenInvalid } };
        used = true;
        return { body: { message: V.verified } };
      },
    });
    renderApp('/verify-email?token=once', { strict: true });
    await screen.findByText(V.verified);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(verifyCalls(api.calls)).toHaveLength(1);
  });
});
