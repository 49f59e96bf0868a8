/** What other features may use of blocking: the button (profiles, chat header). */
export { BlockButton } from './BlockButton';
