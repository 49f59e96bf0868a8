/** Ratings (docs/product.md §20): a profile's Reviews section, the reputation lines of profiles and seller cards. */
export { ProfileReviews, REVIEWS_SECTION_ID } from './ProfileReviews';
export { ReputationSummary } from './ReputationSummary';
export { reviewKeys, useReputation } from './api';
