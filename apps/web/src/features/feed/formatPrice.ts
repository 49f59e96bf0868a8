const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars: "$45" when whole, "$12.50" otherwise (prices carry at most two decimals). */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price)) return whole.format(0);
  const rounded = Math.round(price * 100) / 100;
  return Number.isInteger(rounded) ? whole.format(rounded) : cents.format(rounded);
}
