import { ROUTES } from '@rummage/contract';

/**
 * What the shell needs to know about the staff console without loading it: its path and menu label.
 * The console itself is a lazy chunk, so the public bundle carries only these two strings.
 */
export const STAFF_PATH = ROUTES.staff;
export const STAFF_MENU_LABEL = 'Staff console';
