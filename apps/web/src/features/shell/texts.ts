/**
 * Shell texts the SPEC does not quote (accessible names, the create button). They live beside the
 * shell until the lead decides whether they belong in the contract's `messages`.
 */
export const SHELL_TEXT = {
  skipToContent: 'Skip to content',
  mainNav: 'Main',
  create: 'Create',
  createMenu: 'Create a listing or garage sale',
  accountMenu: 'Account menu',
  location: 'Your location',
  changeLocation: 'Change location',
  scrollToTop: 'Scroll to top',
  footerNav: 'Footer',
  copyright: '© {year} {product}',
  profilePhoto: 'Your profile photo',
} as const;
