/** Marketplace texts the SPEC does not quote. */
export const MARKETPLACE_TEXT = {
  resultsFor: 'Results for “{search}”',
  clearSearch: 'Clear search',
} as const;
