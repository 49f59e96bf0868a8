/** App-frame texts the SPEC does not quote. */
export const APP_TEXT = {
  reload: 'Reload',
} as const;
