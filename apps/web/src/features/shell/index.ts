/** What other features may use of the shell: its menu and texts. */
export { Dropdown, menuItemClass } from './Dropdown';
export { SHELL_TEXT } from './texts';
