import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_MILES, MILES_TO_KM } from '../constants.js';
import { messages } from '../messages.js';
import { createSavedSearchSchema } from './saved-search.js';

const refusal = (body: unknown) => {
  const result = createSavedSearchSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('createSavedSearchSchema', () => {
  it('keeps words alone as a search everywhere', () => {
    expect(createSavedSearchSchema.parse({ search: ' lamp ' })).toEqual({
      search: 'lamp',
      latitude: null,
      longitude: null,
      radiusKm: null,
    });
  });

  it('gives a place without a radius the feed default radius', () => {
    expect(createSavedSearchSchema.parse({ latitude: 41.88, longitude: -87.63 }).radiusKm).toBeCloseTo(
      DEFAULT_RADIUS_MILES * MILES_TO_KM,
    );
  });

  it('refuses a search with neither words nor a place, readably', () => {
    expect(refusal({})).toBe(messages.savedSearches.empty400);
    expect(refusal({ search: '   ', radiusKm: 5 })).toBe(messages.savedSearches.empty400);
  });

  it("refuses what the feed's query refuses, with the feed's messages", () => {
    expect(refusal({ latitude: 41 })).toBe(messages.listing.locationIncomplete);
    expect(refusal({ latitude: 41, longitude: -87, radiusKm: 0 })).toMatch(/radiusKm/);
    expect(refusal({ latitude: 41, longitude: -87, radiusKm: 20_001 })).toMatch(/radiusKm/);
    expect(refusal({ latitude: 91, longitude: 0 })).toMatch(/latitude/);
    expect(refusal({ search: 'x'.repeat(1000) })).toBe('The search text is too long.');
  });
});
