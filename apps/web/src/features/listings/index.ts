/**
 * What other features may use of listings: the seller's items, the empty-feed panel and its actions, and the report
 * dialog (a rating's report works like a listing's).
 */
export { useSellerItems } from './api';
export { FeedActions } from './FeedActions';
export { NoListingsPanel } from './NoListingsPanel';
export { ReportDialogButton, type ReportState } from './detail/ReportButton';
