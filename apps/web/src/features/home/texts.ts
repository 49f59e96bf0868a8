/** Home-page texts the SPEC does not quote. */
export const HOME_TEXT = {
  searchLabel: 'Search listings',
  categories: 'Categories',
  listingsHeading: 'Listings near you',
} as const;
