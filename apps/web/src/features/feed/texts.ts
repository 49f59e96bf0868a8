/** Product-feed texts the SPEC does not quote. */
export const FEED_TEXT = {
  /** Accessible text of the view count; `{count}` is already abbreviated ("1.5k"). */
  views: '{count} views',
  sold: 'Sold',
  listLabel: 'Listings',
  loading: 'Loading listings',
  loadingMore: 'Loading more listings',
} as const;
