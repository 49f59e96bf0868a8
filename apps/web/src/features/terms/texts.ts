/** Terms-page texts the SPEC names but the contract does not hold yet; the lead may move them there. */
export const TERMS_TEXT = {
  home: 'Home',
  heading: 'Terms of Service',
  breadcrumb: 'Breadcrumb',
  /** `{product}` is filled with the installation's product name. */
  title: 'Terms of Service - {product}',
} as const;
