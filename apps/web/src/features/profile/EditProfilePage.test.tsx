import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { cities } from '../../test/location';
import type * as LanguageModule from '../../shared/i18n/language';
import { followSavedLanguage } from '../../shared/i18n/language';
import { profileDetails } from './testProfiles';

vi.mock('../../shared/i18n/language', async (original) => ({
  ...(await original<typeof LanguageModule>()),
  followSavedLanguage: vi.fn(() => true),
}));

configure({ asyncUtilTimeout: 4000 });
const P = messages.profile;
const UPDATE = 'POST /api/User/update-user-details';

async function openForm(
  update: MockAnswer | ((request: { body: unknown }) => MockAnswer) = { status: 500 },
  saved: Parameters<typeof profileDetails>[0] = {},
) {
  vi.mocked(followSavedLanguage).mockClear();
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/User/profile-details/7': { body: { data: profileDetails(saved) } },
    'GET /api/Geo/cities': { body: { data: cities(20) } },
    [UPDATE]: update,
  });
  renderApp('/edit-profile');
  await waitFor(() => expect(field('Username').value).toBe('maria'), { timeout: 5000 });
  const posts = () => api.calls.filter((call) => `${call.method} ${call.path}` === UPDATE);
  return { ...api, posts };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'save' }));
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('edit profile', () => {
  it('starts from the saved profile', async () => {
    await openForm();
    expect(field('Email').value).toBe('maria@example.com');
    expect(field('Address').value).toBe('Springfield, IL');
  });

  it('shows the SPEC messages field by field, first rule first, and sends nothing', async () => {
    const { posts } = await openForm();
    type('Username', '');
    type('Email', '');
    type('Address', 'Chica');
    fireEvent.blur(field('Address'));
    expect(field('Address').value).toBe('');
    save();
    expect(errorOf('Username')).toBe(P.usernameRequired);
    expect(errorOf('Email')).toBe(P.emailRequired);
    expect(errorOf('Address')).toBe(P.addressRequired);

    type('Username', 'ma ria');
    type('Email', 'maria @example.com');
    save();
    expect(errorOf('Username')).toBe(P.usernameChars);
    expect(errorOf('Email')).toBe(P.emailNoSpaces);
    // Spaces around the address are refused too, not trimmed away (docs/product.md §5).
    type('Email', ' maria@example.com ');
    save();
    expect(errorOf('Email')).toBe(P.emailNoSpaces);

    type('Username', 'maria');
    type('Email', 'maria.example.com');
    save();
    expect(errorOf('Username')).toBeUndefined();
    expect(errorOf('Email')).toBe(P.emailInvalid);
    expect(posts()).toHaveLength(0);
  });

  it('saves: chosen address without ", USA", "Profile updated successfully!", new name in the session', async () => {
    const { posts } = await openForm(({ body }) => {
      const sent = body as { userName: string; email: string; address: string };
      return {
        body: { message: P.updated, data: profileDetails({ ...sent, location: sent.address }) },
      };
    });
    type('Username', ' mariaB ');
    type('Address', 'Spring');
    fireEvent.click(await screen.findByRole('option', { name: 'Springfield, IL' }));
    expect(field('Address').value).toBe('Springfield, IL');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    save();
    expect(await screen.findByText(P.updated)).toBeTruthy();
    expect(posts().map((call) => call.body)).toEqual([
      {
        userId: 7,
        userName: 'mariaB',
        email: 'maria@example.com',
        address: 'Springfield, IL',
        latitude: 39.78,
        longitude: -89.65,
        language: null,
      },
    ]);
    // The language did not change, so the page stays as it is.
    expect(followSavedLanguage).not.toHaveBeenCalled();
    expect(localStorage.getItem('username')).toBe('mariaB');
  });

  it('saves the language chosen, and shows the page in it', async () => {
    const { posts } = await openForm(({ body }) => ({
      body: { message: P.updated, data: profileDetails({ language: (body as { language: 'de' }).language }) },
    }));
    const languages = screen.getByRole('group', { name: messages.footer.language });
    expect(
      within(languages)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual([P.languageBrowser, 'English', 'Deutsch', 'Español']);
    expect(radio(P.languageBrowser).checked).toBe(true);
    fireEvent.click(radio('Deutsch'));
    save();
    await waitFor(() => expect(followSavedLanguage).toHaveBeenCalledWith('de', 'en'));
    expect(posts().map((call) => (call.body as { language: unknown }).language)).toEqual(['de']);
  });

  it('starts from the saved language, and clearing it gives the choice back to the browser', async () => {
    const { posts } = await openForm(
      () => ({ body: { message: P.updated, data: profileDetails({ language: null }) } }),
      { language: 'es' },
    );
    expect(radio('Español').checked).toBe(true);
    fireEvent.click(radio(P.languageBrowser));
    save();
    await waitFor(() => expect(followSavedLanguage).toHaveBeenCalledWith(null, 'en'));
    expect(posts().map((call) => (call.body as { language: unknown }).language)).toEqual([null]);
  });

  it('offers at most 15 address suggestions', async () => {
    const { calls } = await openForm();
    type('Address', 'Spring');
    await screen.findByRole('option', { name: 'Springfield, IL' });
    expect(screen.getAllByRole('option')).toHaveLength(15);
    expect(calls.filter((call) => call.path === '/api/Geo/cities')).toHaveLength(1);
  });

  it('shows the server’s reason for a refused change, and the SPEC text for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: MockAnswer = {
      status: 409,
      body: { message: 'That username is taken.', errors: { userName: 'That username is taken.' } },
    };
    await openForm(() => answer);
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('That username is taken.');
    expect(errorOf('Username')).toBe('That username is taken.');

    answer = { status: 500, body: { message: 'Database down' } };
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(P.updateFailed));
    expect(screen.queryByText('Database down')).toBeNull();
    expect(localStorage.getItem('username')).toBe('maria');
  });

  it('says "User not found." when no user id is stored', async () => {
    const { posts } = await openForm();
    localStorage.removeItem('userId');
    save();
    expect((await screen.findByRole('alert')).textContent).toContain(P.userNotFound);
    expect(posts()).toHaveLength(0);
  });
});
