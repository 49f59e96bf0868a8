/** Followers texts the SPEC does not quote. */
export const FOLLOWERS_TEXT = {
  title: 'Followers - {product}',
  loading: 'Loading followers',
  loadingMore: 'Loading more followers',
  photoAlt: 'Profile photo of {username}',
  listLabel: 'People who follow you',
} as const;
