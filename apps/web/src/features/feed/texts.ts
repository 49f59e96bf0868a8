/** Product-feed texts the SPEC does not quote. */
export const FEED_TEXT = {
  sold: 'Sold',
  listLabel: 'Listings',
  loading: 'Loading listings',
  loadingMore: 'Loading more listings',
} as const;
