import { describe, expect, it } from 'vitest';
import { cityStateLabel, fillText, formatCount, messages, milesToKm, stripUsaSuffix } from './index.js';

describe('formatCount (docs/product.md §9)', () => {
  it('shows counts under 1000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('abbreviates thousands with k, one decimal unless exact', () => {
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1500)).toBe('1.5k');
    expect(formatCount(12345)).toBe('12.3k');
    expect(formatCount(20000)).toBe('20k');
    // Not exact: the decimal stays, rounded down.
    expect(formatCount(1050)).toBe('1.0k');
    expect(formatCount(1999)).toBe('1.9k');
    expect(formatCount(999_999)).toBe('999.9k');
  });
});

describe('helpers', () => {
  it('converts the radius from miles to km with the SPEC factor', () => {
    expect(milesToKm(25)).toBeCloseTo(40.2335, 4);
  });
  it('drops a trailing ", USA" from chosen addresses', () => {
    expect(stripUsaSuffix('Chicago, IL, USA')).toBe('Chicago, IL');
    expect(stripUsaSuffix('Chicago, IL')).toBe('Chicago, IL');
  });
  it('names a place "City, ST", or by its city alone when no state is known', () => {
    expect(cityStateLabel('Springfield', 'IL')).toBe('Springfield, IL');
    expect(cityStateLabel('Springfield', null)).toBe('Springfield');
  });
  it('fills {product} and {email} and leaves unknown placeholders', () => {
    expect(fillText(messages.titles.home, { product: 'Rummage' })).toBe('Rummage - Official Site');
    expect(fillText('{product} {other}', { product: 'X' })).toBe('X {other}');
  });
});
