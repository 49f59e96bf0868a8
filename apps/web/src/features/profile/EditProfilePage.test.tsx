import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { cities } from '../../test/location';
import { profileDetails } from './testProfiles';

configure({ asyncUtilTimeout: 4000 });
const P = messages.profile;
const UPDATE = 'POST /api/User/update-user-details';

async function openForm(update: MockAnswer | ((request: { body: unknown }) => MockAnswer) = { status: 500 }) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/User/profile-details/7': { body: { data: profileDetails() } },
    'GET /api/Geo/cities': { body: { data: cities(20) } },
    [UPDATE]: update,
  });
  renderApp('/edit-profile');
  await waitFor(() => expect(field('Username').value).toBe('maria'), { timeout: 5000 });
  const posts = () => api.calls.filter((call) => `${call.method} ${call.path}` === UPDATE);
  return { ...api, posts };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
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
      },
    ]);
    expect(localStorage.getItem('username')).toBe('mariaB');
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
