/**
 * What the rest of the app may know of the staff console: its path. Nothing else is exported, so the console
 * stays a lazy chunk outside the public bundle.
 */
export { STAFF_PATH } from './entry';
