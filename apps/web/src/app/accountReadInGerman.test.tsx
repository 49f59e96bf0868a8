import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { textsFor } from '@rummage/contract';
import { appRoutes } from './routes';
import { ProfileHeader } from '../features/profile/ProfileHeader';
import { loadLanguage } from '../shared/i18n/catalogues';
import { LanguageContext } from '../shared/i18n/useTexts';
import { SessionProvider } from '../shared/session/SessionProvider';
import { mockApi } from '../test/api';

const de = textsFor('de');

/** The whole app at `path` (or one element), read in German. */
async function renderInGerman(path: string, element?: React.ReactNode) {
  mockApi();
  const language = await loadLanguage('de');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(element ? [{ path: '/', element }] : appRoutes, {
    initialEntries: [path],
  });
  render(
    <LanguageContext.Provider value={language}>
      <QueryClientProvider client={client}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </LanguageContext.Provider>,
  );
}

describe('the account pages and the frame read in German', () => {
  it('shows the login page, its tabs and the header in German', async () => {
    await renderInGerman('/login');
    expect(await screen.findByRole('heading', { name: 'Melde dich bei deinem Konto an' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Anmelden oder registrieren' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kontomenü' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Fußzeile' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Anmelden – Rummage'));
  });

  it('shows the password reset page in German', async () => {
    await renderInGerman('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Passwort zurücksetzen' })).toBeTruthy();
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Passwort zurücksetzen – Rummage'));
  });

  it("shows the terms' headings in German, their legal text still in English", async () => {
    await renderInGerman('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: de.terms.heading })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe(`1. ${de.terms.sections.age}`);
    expect(headings.at(-1)).toBe(`14. ${de.terms.sections.contact}`);
    const breadcrumb = screen.getByRole('navigation', { name: de.terms.breadcrumb });
    expect(within(breadcrumb).getByRole('link', { name: 'Startseite' })).toBeTruthy();
  });

  it('shows the accessibility statement in German', async () => {
    await renderInGerman('/accessibility');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Eine Barriere melden' })).toBeTruthy();
  });

  it("shows a profile's numbers with the German nouns, singular for one, and since when in German", async () => {
    const profile = {
      userName: 'maria',
      email: null,
      place: null,
      thrifterSince: '2024-11-15T12:00:00Z',
      emailVerified: false,
      views: 1,
      itemsSold: 4,
      followersCount: null,
      profilePhotoUrl: null,
      coverPhotoUrl: null,
    };
    await renderInGerman('/', <ProfileHeader profile={profile} loading={false} />);
    const stats = await screen.findByLabelText('Profil in Zahlen');
    expect(within(stats).getByText('Aufruf')).toBeTruthy();
    expect(within(stats).getByText('verkaufte Artikel')).toBeTruthy();
    expect(within(stats).getByText('noch nicht bekannt')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profilbild von maria' })).toBeTruthy();
    expect(screen.getByText(/^dabei seit Nov\.? 2024$/)).toBeTruthy();
  });
});
