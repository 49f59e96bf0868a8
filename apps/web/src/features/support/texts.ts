/** Support texts the SPEC does not quote. */
export const SUPPORT_TEXT = {
  title: 'Support - {product}',
  issueLabel: 'issue',
  issuePlaceholder: 'choose an issue',
  descriptionLabel: 'description',
  descriptionPlaceholder: 'tell us what happened',
  sent: 'Thanks! Your ticket was sent. Our support team will answer here.',
} as const;

/** SPEC §2 Support: the issue options, value → label. */
export const SUPPORT_ISSUES = ['system-bug', 'another-thrifter', 'a-product', 'something-else'] as const;
