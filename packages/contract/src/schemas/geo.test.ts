import { describe, expect, it } from 'vitest';
import { citySuggestionsQuerySchema, reverseGeocodeQuerySchema } from '../index.js';

describe('geo query strings', () => {
  it('reads a blank or missing limit as the maximum of 15 and refuses anything outside 1..15', () => {
    expect(citySuggestionsQuerySchema.parse({ q: 'chi' }).limit).toBe(15);
    expect(citySuggestionsQuerySchema.parse({ q: 'chi', limit: '' }).limit).toBe(15);
    expect(citySuggestionsQuerySchema.parse({ q: 'chi', limit: '5' }).limit).toBe(5);
    for (const limit of ['0', '16', '2.5', 'abc']) {
      expect(citySuggestionsQuerySchema.safeParse({ q: 'chi', limit }).success).toBe(false);
    }
  });

  it('refuses blank or out-of-range coordinates instead of reading them as 0', () => {
    expect(reverseGeocodeQuerySchema.safeParse({ lat: '41.9', lng: '' }).success).toBe(false);
    expect(reverseGeocodeQuerySchema.safeParse({ lat: '91', lng: '0' }).success).toBe(false);
    expect(reverseGeocodeQuerySchema.parse({ lat: '41.9', lng: '-87.6' })).toEqual({ lat: 41.9, lng: -87.6 });
  });
});
