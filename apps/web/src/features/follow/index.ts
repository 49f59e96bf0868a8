/** What other features may use of following: the button and the query keys it keeps fresh. */
export { followKeys } from './api';
export { FollowButton } from './FollowButton';
