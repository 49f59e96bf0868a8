/** Deals and their ratings (docs/product.md §19, §20): who bought an item, and the deal in the chat of the two. */
export { DEALS_QUERY_KEY, dealKeys } from './api';
export { DealPanel } from './DealPanel';
export { SoldToDialog } from './SoldToDialog';
