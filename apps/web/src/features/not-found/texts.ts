/** Not-found texts the SPEC does not quote. */
export const NOT_FOUND_TEXT = {
  title: 'Page not found - {product}',
} as const;
