/**
 * What other features may use of saved searches: the marketplace's "Save this search" button, and its notice that
 * "Show matches" moved the saved place.
 */
export { PlaceChangedNotice } from './PlaceChangedNotice';
export { SaveSearchButton } from './SaveSearchButton';
