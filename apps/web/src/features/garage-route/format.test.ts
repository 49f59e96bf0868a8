import { describe, expect, it } from 'vitest';
import { MILES_TO_KM, textsFor } from '@rummage/contract';
import { formatDistance } from './format';

describe('a distance on the route page', () => {
  it('reads in miles where the installation measures in miles, as it always has', () => {
    expect(formatDistance(2.4 * MILES_TO_KM, 'mi')).toBe('2.4 mi');
    expect(formatDistance(0, 'mi')).toBe('0.0 mi');
    expect(formatDistance(9.96 * MILES_TO_KM, 'mi')).toBe('10.0 mi');
    expect(formatDistance(12.4 * MILES_TO_KM, 'mi')).toBe('12 mi');
    expect(formatDistance(1234 * MILES_TO_KM, 'mi')).toBe('1234 mi');
  });

  it('reads in kilometres where the installation measures in kilometres', () => {
    expect(formatDistance(3.86, 'km')).toBe('3.9 km');
    expect(formatDistance(0.04, 'km')).toBe('0.0 km');
    expect(formatDistance(12.6, 'km')).toBe('13 km');
  });

  it('writes the number as the reader’s language does', () => {
    const de = textsFor('de').garageRoute;
    expect(formatDistance(3.86, 'km', de, 'de')).toBe('3,9 km');
    expect(formatDistance(2.4 * MILES_TO_KM, 'mi', de, 'de')).toBe('2,4 Meilen');
    expect(formatDistance(1234, 'km', textsFor('es').garageRoute, 'es')).toBe('1234 km');
  });
});
