/** What other features may use of listings: the seller's items, the empty-feed panel and its actions. */
export { useSellerItems } from './api';
export { FeedActions } from './FeedActions';
export { NoListingsPanel } from './NoListingsPanel';
