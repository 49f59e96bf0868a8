import { messages } from '@rummage/contract';

/**
 * Account-page texts the SPEC does not quote (labels, button captions, headings). They live beside
 * the account pages until the lead decides whether they belong in the contract's `messages`.
 */
export const ACCOUNT_TEXT = {
  tabsLabel: 'Log in or register',
  loginHeading: 'Log in to your account',
  loginSubmit: 'Log In',
  loggingIn: 'Logging in…',
  registerHeading: 'Create your account',
  email: 'email',
  phone: 'phone number',
  location: 'location',
  termsBefore: 'I accept the ',
  termsLink: 'terms and conditions',
  registerSubmit: 'Register',
  registering: 'Registering…',
  captchaLoading: 'Loading verification…',
  resetHeading: 'reset password',
  resetIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  sending: 'Sending…',
  backToLogin: 'back to log in',
  newPassword: 'new password',
  confirmPassword: 'confirm password',
  passwordsDiffer: 'Passwords do not match.',
  savePassword: 'Save password',
  saving: 'Saving…',
  goToLogin: 'Go to log in',
  requestNewLink: 'Request a new link',
  titles: {
    resetPassword: 'Reset Password - {product}',
    newPassword: 'New Password - {product}',
    verifyEmail: `${messages.emailVerification.pageTitle} - {product}`,
  },
} as const;
