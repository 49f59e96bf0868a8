/** Marketplace texts the SPEC does not quote. */
export const MARKETPLACE_TEXT = {
  resultsFor: 'Results for “{search}”',
  clearSearch: 'Clear search',
  endTitle: "You've seen everything nearby",
  endText: 'Try a wider radius or another city, or list something of your own.',
} as const;
