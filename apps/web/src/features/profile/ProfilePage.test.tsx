import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_MESSAGE_CLEAR_MS, messages, type ProfileDetails } from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { fakeXhr, jpeg, type UploadAnswer } from '../../test/listings';
import { seriousA11yViolations } from '../../test/location';
import { otherProfile, profileDetails } from './testProfiles';

configure({ asyncUtilTimeout: 4000 });
const P = messages.profile;

afterEach(() => vi.useRealTimers());

function mockProfile(id: number, answer: MockAnswer, extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/User/profile-details/${id}`]: answer,
    [`GET /api/Product/unsold/user/${id}`]: { body: { data: [] } },
    [`GET /api/Product/sold/user/${id}`]: { body: { data: [] } },
    ...extra,
  });
}

async function openOwn(profile: ProfileDetails = profileDetails()) {
  storeSession();
  const api = mockProfile(7, { body: { data: profile } });
  const app = renderApp('/user-main');
  await screen.findByText(P.thrifterSince, { exact: false }, { timeout: 5000 });
  return { ...api, ...app };
}

/** The number shown under a count's label ("views", "items sold", "followers"). */
function stat(label: string): string | null | undefined {
  const numbers = screen.getByText(label, { selector: 'dt' }).closest('dl')!;
  return within(numbers).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('own profile', () => {
  it('shows name, since, place, e-mail, abbreviated counts, "edit" and the photo controls', async () => {
    await openOwn(profileDetails({ views: 1250, itemsSold: 12, followersCount: 12_000 }));
    expect(screen.getByRole('heading', { level: 1, name: '@maria' })).toBeTruthy();
    expect(screen.getByText(`${P.thrifterSince} Nov 2024`)).toBeTruthy();
    expect(screen.getByText('Springfield, IL')).toBeTruthy();
    expect(screen.getByText('maria@example.com')).toBeTruthy();
    expect(stat(P.views)).toBe('1.3k');
    expect(stat(P.itemsSold)).toBe('12');
    expect(stat(P.followers)).toBe('12k');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(screen.queryByRole('button', { name: /^follow/ })).toBeNull();
    expect(screen.getByLabelText('Change profile photo').getAttribute('accept')).toBe('image/jpeg,image/png');
    expect(screen.getByLabelText('Change cover photo')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of maria' }).getAttribute('src')).toBe(
      '/uploads/u/maria.webp',
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('shows /user-main/{my id} as my own profile', async () => {
    storeSession();
    mockProfile(7, { body: { data: profileDetails() } });
    const { router } = renderApp('/user-main/7');
    expect(await screen.findByRole('link', { name: 'Edit profile' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user-main');
  });

  it('shows the coordinates when no place name is known, else "Location unavailable"', async () => {
    await openOwn(profileDetails({ location: null, latitude: 41.8781, longitude: -87.6298 }));
    expect(screen.getByText('41.88, -87.63')).toBeTruthy();
  });

  it('says "Location unavailable" without a place or coordinates', async () => {
    await openOwn(profileDetails({ location: null, latitude: null, longitude: null }));
    expect(screen.getByText(messages.location.unavailable)).toBeTruthy();
  });
});

describe('photo uploads', () => {
  const uploaded = (imageUrl: string, message: string = P.profilePhotoUpdated): UploadAnswer => ({
    status: 200,
    body: { message, imageUrl, data: { imageUrl } },
  });

  it('uploads a new profile photo: page and header avatar change, green message gone after 3 s', async () => {
    const { calls } = fakeXhr(() => uploaded('/uploads/u/new.webp'));
    await openOwn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByLabelText('Change profile photo'), {
      target: { files: [jpeg('me.jpg')] },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/User/upload-profile-photo');
    expect(calls[0]!.form.get('UserId')).toBe('7');
    expect((calls[0]!.form.get('ImageFile') as File).name).toBe('me.jpg');
    const note = screen.getByText(P.profilePhotoUpdated);
    expect(note.className).toContain('text-green-800');
    expect(screen.getByRole('img', { name: 'Profile photo of maria' }).getAttribute('src')).toBe(
      '/uploads/u/new.webp',
    );
    expect(localStorage.getItem('userImageUrl')).toBe('/uploads/u/new.webp');
    const avatar = screen.getByRole('button', { name: 'Account menu' }).querySelector('img');
    expect(avatar?.getAttribute('src')).toBe('/uploads/u/new.webp');

    await act(() => vi.advanceTimersByTimeAsync(UPLOAD_MESSAGE_CLEAR_MS - 100));
    expect(screen.queryByText(P.profilePhotoUpdated)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(P.profilePhotoUpdated)).toBeNull();
  });

  it('refuses a profile photo that is not JPG or PNG, in red, without uploading', async () => {
    const { calls } = fakeXhr(() => uploaded('/uploads/u/new.webp'));
    await openOwn();
    fireEvent.change(screen.getByLabelText('Change profile photo'), {
      target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] },
    });
    const note = await screen.findByText(P.profilePhotoType);
    expect(note.className).toContain('text-red-800');
    expect(calls).toHaveLength(0);
  });

  it('says "Missing user ID or image file." when no file was chosen', async () => {
    fakeXhr(() => uploaded('/uploads/u/new.webp'));
    await openOwn();
    fireEvent.change(screen.getByLabelText('Change cover photo'), { target: { files: [] } });
    expect((await screen.findByText(P.missingUpload)).className).toContain('text-red-800');
  });

  it('changes the cover and the stored cover photo', async () => {
    fakeXhr(() => uploaded('/uploads/u/cover2.webp', P.coverPhotoUpdated));
    await openOwn();
    fireEvent.change(screen.getByLabelText('Change cover photo'), { target: { files: [jpeg('c.jpg')] } });
    expect((await screen.findByText(P.coverPhotoUpdated)).className).toContain('text-green-800');
    expect(screen.getByRole('img', { name: 'Cover photo' }).getAttribute('src')).toBe(
      '/uploads/u/cover2.webp',
    );
    expect(localStorage.getItem('userCoverPhotoUrl')).toBe('/uploads/u/cover2.webp');
  });

  it('shows the SPEC text when an upload fails, and the server’s reason for a refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: UploadAnswer = { status: 500, body: { message: 'Internal error' } };
    fakeXhr(() => answer);
    await openOwn();
    fireEvent.change(screen.getByLabelText('Change cover photo'), { target: { files: [jpeg('c.jpg')] } });
    expect((await screen.findByText(P.coverPhotoFailed)).className).toContain('text-red-800');
    expect(screen.getByRole('img', { name: 'Cover photo' }).getAttribute('src')).toBe(
      '/uploads/u/maria-cover.webp',
    );

    answer = { status: 400, body: { message: P.profilePhotoType } };
    fireEvent.change(screen.getByLabelText('Change profile photo'), { target: { files: [jpeg('x.jpg')] } });
    expect((await screen.findByText(P.profilePhotoType)).className).toContain('text-red-800');
    expect(localStorage.getItem('userImageUrl')).toBeNull();
  });
});

describe('another user’s profile', () => {
  it('shows the follow button instead of edit and uploads, and never an e-mail', async () => {
    storeSession();
    mockProfile(9, { body: { data: otherProfile({ email: 'leaked@example.com' }) } });
    renderApp('/user-main/9');
    expect(
      await screen.findByRole('heading', { level: 1, name: '@milehighmarket' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'follow @milehighmarket' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByLabelText('Change profile photo')).toBeNull();
    expect(screen.queryByLabelText('Change cover photo')).toBeNull();
    expect(screen.queryByText('leaked@example.com')).toBeNull();
    expect(screen.getByText('Denver, CO')).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('moves the followers count at once when following and unfollowing', async () => {
    storeSession();
    const { calls } = mockProfile(
      9,
      { body: { data: otherProfile({ followersCount: 999 }) } },
      {
        'POST /api/User/follow-unfollow/9': {
          body: { message: 'ok', data: { userId: 9, isFollowing: true, followersCount: 1000 } },
        },
      },
    );
    renderApp('/user-main/9');
    fireEvent.click(await screen.findByRole('button', { name: 'follow @milehighmarket' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: 'unfollow @milehighmarket' })).toBeTruthy();
    await waitFor(() => expect(stat(P.followers)).toBe('1k'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ follow: true });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'unfollow @milehighmarket' }).getAttribute('aria-busy')).toBe(
        'false',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'unfollow @milehighmarket' }));
    expect(screen.getByRole('button', { name: 'follow @milehighmarket' })).toBeTruthy();
    await waitFor(() => expect(stat(P.followers)).toBe('999'));
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ follow: false });
  });

  it('says "This user does not exist." for an unknown user', async () => {
    mockProfile(404, { status: 404, body: { message: 'User not found.' } });
    renderApp('/user-main/404');
    expect(
      await screen.findByRole('heading', { level: 1, name: P.notFound }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
