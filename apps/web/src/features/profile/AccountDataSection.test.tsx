import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { readSession } from '../../shared/session/storage';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { profileDetails } from './testProfiles';

configure({ asyncUtilTimeout: 4000 });
const D = messages.accountData;
const DELETE = 'DELETE /api/Account';

async function openEditProfile(
  handlers: Record<string, MockAnswer | ((r: { body: unknown }) => MockAnswer)>,
) {
  storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    'GET /api/User/profile-details/7': { body: { data: profileDetails() } },
    ...handlers,
  });
  renderApp('/edit-profile');
  await screen.findByRole('button', { name: D.deleteAccount });
  return api;
}

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it as the browser would. */
describe('your data on the edit-profile page', () => {
  it('downloads the ZIP the server answers, under the name the server suggests', async () => {
    const zipBytes = 'PK\u0003\u0004 not really a zip';
    await openEditProfile({
      'GET /api/Account/export/archive': {
        body: zipBytes,
        headers: { 'Content-Disposition': 'attachment; filename="rummage-maria-2026-11-25.zip"' },
      },
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(screen.getByRole('button', { name: D.download }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('rummage-maria-2026-11-25.zip');
    expect(JSON.parse(await blobs[0]!.text())).toBe(zipBytes);
  });

  it('asks for the password, keeps the keyboard in the field on a refusal, and says so once the account is deleted', async () => {
    let answer: MockAnswer = { status: 400, body: { message: D.wrongPassword } };
    const api = await openEditProfile({ [DELETE]: () => answer });
    fireEvent.click(screen.getByRole('button', { name: D.deleteAccount }));
    const dialog = screen.getByRole('dialog', { name: D.deleteTitle });
    const password = within(dialog).getByLabelText(D.passwordLabel);
    expect(document.activeElement).toBe(password);

    fireEvent.click(within(dialog).getByRole('button', { name: D.confirmDelete }));
    expect(within(dialog).getByRole('alert').textContent).toBe(D.passwordRequired);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.input(password, { target: { value: 'Wrong-pass1!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: D.confirmDelete }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(D.wrongPassword);
    expect(readSession()).not.toBeNull();
    // The keyboard is back in the password field, which names the error, not on the page behind the dialog.
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-describedby')).toBe(within(dialog).getByRole('alert').id);

    answer = { body: { message: D.deleted } };
    fireEvent.input(password, { target: { value: 'Secret123!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: D.confirmDelete }));
    await waitFor(() => expect(readSession()).toBeNull());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { password: 'Wrong-pass1!' },
      { password: 'Secret123!' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: D.deleteTitle })).toBeNull());
    // The login page says it worked.
    expect((await screen.findByText(D.deleted)).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: messages.login.username })).toBeTruthy();
  });

  it('closes the dialog on Escape without deleting anything', async () => {
    const api = await openEditProfile({});
    fireEvent.click(screen.getByRole('button', { name: D.deleteAccount }));
    const dialog = screen.getByRole('dialog', { name: D.deleteTitle });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: D.deleteTitle })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(readSession()).not.toBeNull();
  });
});
