/** Browser-storage keys of the session data (docs/product.md §3). The names are the SPEC's, so they stay as they are. */
export const SESSION_KEYS = {
  userId: 'userId',
  authToken: 'authToken',
  userImageUrl: 'userImageUrl',
  userCoverPhotoUrl: 'userCoverPhotoUrl',
  username: 'username',
  userRadius: 'userRadius',
  userAddress: 'userAddress',
  userLat: 'userLat',
  userLng: 'userLng',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;
