/** Ratings (docs/product.md §20): a profile's Reviews section and the rules page. */
export { ProfileReviews } from './ProfileReviews';
