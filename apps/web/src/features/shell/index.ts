/** What other features may use of the shell: its menu. */
export { Dropdown, menuItemClass } from './Dropdown';
