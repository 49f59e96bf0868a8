import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import type * as LanguageModule from '../../shared/i18n/language';
import { followSavedLanguage, switchLanguage } from '../../shared/i18n/language';
import { useSession } from '../../shared/session/SessionContext';
import { SessionProvider } from '../../shared/session/SessionProvider';
import { writeSession } from '../../shared/session/storage';
import { LanguageSwitch } from './LanguageSwitch';

vi.mock('../../shared/i18n/language', async (original) => ({
  ...(await original<typeof LanguageModule>()),
  switchLanguage: vi.fn(),
  followSavedLanguage: vi.fn(() => true),
}));

const UPDATE = 'POST /api/User/update-user-details';

/** Who /me says is signed in, so a test can wait for the account to be known. */
function SignedIn() {
  return <p data-testid="signed-in">{useSession().currentUser?.username}</p>;
}
const accountKnown = () => waitFor(() => expect(screen.getByTestId('signed-in').textContent).toBe('maria'));

function renderSwitch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <LanguageSwitch />
        <SignedIn />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const me = (language: string | null) => ({ body: { data: { ...ME_OK.body.data, language } } });

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(switchLanguage).mockClear();
  vi.mocked(followSavedLanguage).mockClear();
});

describe('the footer’s language switch', () => {
  it('keeps a visitor’s choice in this browser only', async () => {
    const { calls } = mockApi();
    renderSwitch();
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(switchLanguage).toHaveBeenCalledWith('de'));
    expect(calls.filter((call) => `${call.method} ${call.path}` === UPDATE)).toHaveLength(0);
  });

  it('saves a signed-in person’s choice on their account before the page changes language', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': me(null), [UPDATE]: { body: { message: 'ok' } } });
    renderSwitch();
    // The choice is saved with the account's details as /me has them.
    await accountKnown();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(switchLanguage).toHaveBeenCalledWith('es'));
    expect(calls.filter((call) => `${call.method} ${call.path}` === UPDATE).map((call) => call.body)).toEqual(
      [
        {
          userId: 7,
          userName: 'maria',
          email: 'maria@example.com',
          address: 'Springfield, IL',
          latitude: 39.8,
          longitude: -89.6,
          language: 'es',
        },
      ],
    );
    expect(followSavedLanguage).not.toHaveBeenCalled();
  });

  it('waits for the account to be known before a signed-in person can choose', async () => {
    storeSession();
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const { calls } = mockApi({
      'GET /api/Account/me': async () => {
        await meAnswered;
        return me(null);
      },
      [UPDATE]: { body: { message: 'ok' } },
    });
    renderSwitch();
    const spanish = screen.getByRole('button', { name: 'Español' });
    expect((spanish as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(spanish);
    expect(switchLanguage).not.toHaveBeenCalled();
    answerMe();
    await accountKnown();
    expect((spanish as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(spanish);
    await waitFor(() => expect(switchLanguage).toHaveBeenCalledWith('es'));
    expect(calls.filter((call) => `${call.method} ${call.path}` === UPDATE)).toHaveLength(1);
  });

  it('stays in the page’s language and says so when the choice cannot be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': me(null), [UPDATE]: { status: 500 } });
    renderSwitch();
    await accountKnown();
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.profile.languageSaveFailed);
    expect(calls.filter((call) => `${call.method} ${call.path}` === UPDATE)).toHaveLength(1);
    expect(switchLanguage).not.toHaveBeenCalled();
  });
});

describe('a signed-in person’s saved language', () => {
  it('becomes the page’s once /me tells it', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': me('de') });
    renderSwitch();
    await waitFor(() => expect(followSavedLanguage).toHaveBeenCalledWith('de', 'en'));
  });

  it('becomes the page’s when the person signs in', async () => {
    const { calls } = mockApi({ 'GET /api/Account/me': me('es') });
    renderSwitch();
    expect(calls.some((call) => call.path === '/api/Account/me')).toBe(false);
    act(() =>
      writeSession({ authToken: 'token-9', id: 7, username: 'maria', imageUrl: null, coverPhotoUrl: null }),
    );
    await waitFor(() => expect(followSavedLanguage).toHaveBeenCalledWith('es', 'en'));
  });

  it('changes nothing when none is saved', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': me(null) });
    renderSwitch();
    await accountKnown();
    expect(followSavedLanguage).not.toHaveBeenCalled();
  });
});
