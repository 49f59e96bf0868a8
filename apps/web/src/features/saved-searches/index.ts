/** What other features may use of saved searches: the marketplace's "Save this search" button. */
export { SaveSearchButton } from './SaveSearchButton';
