/** 1234567 → "1,234,567" */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Dollars: "$45" when whole, "$12.50" otherwise (prices carry at most two decimals), as en-US currency
 * formatting writes them. Written out rather than with Intl.NumberFormat: creating the first formatter loads
 * locale data, a long pause on a phone while the app starts, and every product card needs this.
 */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price)) return '$0';
  const cents = Math.round(Math.abs(price) * 100);
  const dollars = groupThousands(String(Math.floor(cents / 100)));
  const fraction = cents % 100 === 0 ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${price < 0 && cents > 0 ? '-' : ''}$${dollars}${fraction}`;
}
