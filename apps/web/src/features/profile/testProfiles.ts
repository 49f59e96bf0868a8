import type { ProfileDetails } from '@rummage/contract';
import { reputation } from '../../test/reputation';

/** A profile as GET /api/User/profile-details/{userId} answers it (maria, id 7, looking at herself). */
export function profileDetails(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    id: 7,
    userName: 'maria',
    email: 'maria@example.com',
    address: 'Springfield, IL',
    latitude: 39.8,
    longitude: -89.6,
    location: 'Springfield, IL',
    views: 42,
    itemsSold: 3,
    followersCount: 5,
    followingCount: 2,
    isFollowedByCurrentUser: false,
    isBlockedByCurrentUser: false,
    thrifterSince: '2024-11-20T12:02:14.151Z',
    profilePhotoUrl: '/uploads/u/maria.webp',
    coverPhotoUrl: '/uploads/u/maria-cover.webp',
    emailVerified: true,
    isOwner: true,
    language: null,
    reputation: reputation(),
    ...overrides,
  };
}

/** Someone else (id 9) as a signed-in visitor sees them: no e-mail, not the owner. */
export function otherProfile(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return profileDetails({
    id: 9,
    userName: 'milehighmarket',
    email: null,
    address: 'Denver, CO',
    latitude: 39.72,
    longitude: -104.89,
    location: 'Denver, CO',
    profilePhotoUrl: null,
    coverPhotoUrl: null,
    isOwner: false,
    ...overrides,
  });
}
