import { describe, expect, it } from 'vitest';
import { formatPrice } from '@rummage/contract';

const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

describe('formatPrice', () => {
  it('writes prices as en-US currency formatting does, cents only when not whole dollars', () => {
    const prices = [
      0, 0.01, 0.1, 0.99, 1, 9.5, 12.5, 45, 999, 1000, 1250, 1234.56, 99999.99, 1_000_000, 25_000_000.05,
    ];
    for (const price of [...prices, ...prices.map((p) => -p)]) {
      const rounded = Math.round(price * 100) / 100;
      const expected = (Number.isInteger(rounded) ? whole : cents).format(rounded);
      // Intl writes minus zero as "-$0"; a price of nothing has no sign.
      expect(formatPrice(price), String(price)).toBe(expected === '-$0' ? '$0' : expected);
    }
  });

  it('rounds to the cent and shows nothing odd for a missing number', () => {
    expect(formatPrice(12.499)).toBe('$12.50');
    expect(formatPrice(19.999)).toBe('$20');
    expect(formatPrice(Number.NaN)).toBe('$0');
  });
});
