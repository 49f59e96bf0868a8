import { ROUTES } from '@rummage/contract';

/**
 * What the shell needs to know about the staff console without loading it: its path. The menu entry's name is
 * the contract's messages.staff.menuLabel; the console itself is a lazy chunk outside the public bundle.
 */
export const STAFF_PATH = ROUTES.staff;
