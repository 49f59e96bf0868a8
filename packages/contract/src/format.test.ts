import { describe, expect, it } from 'vitest';
import {
  approximateMiles,
  cityLabel,
  cityStateLabel,
  countryName,
  COUNT_NOUNS,
  countNoun,
  countText,
  fillText,
  formatApproximateDistance,
  formatApproximateMiles,
  formatCount,
  formatMiles,
  haversineKm,
  kmToMiles,
  messages,
  milesToKm,
  stripUsaSuffix,
  textsFor,
} from './index.js';

describe('formatCount (docs/product.md §9)', () => {
  it('shows counts under 1000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('abbreviates thousands with k, one decimal unless exact, rounded to the nearest tenth', () => {
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1050)).toBe('1.1k');
    expect(formatCount(1500)).toBe('1.5k');
    expect(formatCount(1049)).toBe('1.0k');
    expect(formatCount(12345)).toBe('12.3k');
    expect(formatCount(12350)).toBe('12.4k');
    expect(formatCount(20000)).toBe('20k');
    // Not exact, so the decimal stays even when rounding reaches a whole thousand.
    expect(formatCount(1999)).toBe('2.0k');
    expect(formatCount(999_999)).toBe('1000.0k');
  });
  it('rounds every half up, where floating point would round some down (1.005, 2.05, …)', () => {
    for (let thousands = 1; thousands < 200; thousands += 1) {
      for (let hundreds = 0; hundreds < 10; hundreds += 1) {
        const value = thousands * 1000 + hundreds * 100 + 50;
        const tenths = thousands * 10 + hundreds + 1;
        expect(formatCount(value)).toBe(`${Math.floor(tenths / 10)}.${tenths % 10}k`);
      }
    }
  });
});

describe("formatCount in the reader's language (docs/product.md §22)", () => {
  it('writes German thousands as "Tsd." and Spanish ones as "mil", with a decimal comma', () => {
    const written: Array<[number, string, string]> = [
      [1500, 'de', '1,5\u00a0Tsd.'],
      [1500, 'es', '1,5\u00a0mil'],
      [1000, 'de', '1\u00a0Tsd.'],
      [20000, 'es', '20\u00a0mil'],
      [12345, 'de', '12,3\u00a0Tsd.'],
      [1999, 'es', '2,0\u00a0mil'],
      [-1500, 'de', '-1,5\u00a0Tsd.'],
    ];
    for (const [value, locale, text] of written) expect(formatCount(value, locale)).toBe(text);
  });
  it('leaves counts under 1000 alone and keeps English (and an unknown language) as the SPEC writes it', () => {
    expect(formatCount(999, 'de')).toBe('999');
    expect(formatCount(1500, 'en')).toBe('1.5k');
    expect(formatCount(1500, 'fr')).toBe('1.5k');
  });
  it('rounds the same figure in every language', () => {
    for (const value of [1049, 1050, 12350, 999_999]) {
      expect(formatCount(value, 'de')).toBe(formatCount(value).replace('.', ',').replace('k', '\u00a0Tsd.'));
      expect(formatCount(value, 'es')).toBe(formatCount(value).replace('.', ',').replace('k', '\u00a0mil'));
    }
  });
});

describe('countText (one noun for one, another for the rest)', () => {
  it('reads exactly one in the singular and every other count in the plural', () => {
    expect(countText(1, 'views')).toBe('1 view');
    expect(countText(0, 'views')).toBe('0 views');
    expect(countText(2, 'likes')).toBe('2 likes');
    expect(countText(1, 'itemsSold')).toBe('1 item sold');
    expect(countText(1, 'followers')).toBe('1 follower');
    expect(countText(1050, 'views')).toBe('1.1k views');
    expect(countNoun(1, 'garageSales')).toBe('garage sale');
  });
  it('writes the count in the language its nouns are in', () => {
    const de = { ...COUNT_NOUNS, views: { one: 'Aufruf', other: 'Aufrufe' } };
    expect(countText(1500, 'views', de, 'de')).toBe('1,5\u00a0Tsd. Aufrufe');
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
  it('labels places "City, ST" in the US and "City, Country" elsewhere, the country in the reader\'s language', () => {
    expect(cityLabel({ name: 'Springfield', state: 'IL', country: 'US' }, 'de')).toBe('Springfield, IL');
    expect(cityLabel({ name: 'Berlin', country: 'DE' })).toBe('Berlin, Germany');
    expect(cityLabel({ name: 'Berlin', country: 'DE' }, 'de')).toBe('Berlin, Deutschland');
    expect(cityLabel({ name: 'Zürich', country: 'CH' }, 'es')).toBe('Zürich, Suiza');
    expect(countryName('de', 'es')).toBe('Alemania');
  });
  it('fills {product} and {email} and leaves unknown placeholders', () => {
    expect(fillText(messages.titles.home, { product: 'Rummage' })).toBe('Rummage - Official Site');
    expect(fillText('{product} {other}', { product: 'X' })).toBe('X {other}');
  });
});

describe('distances to listings (docs/product.md §13)', () => {
  const km = (miles: number) => milesToKm(miles);
  it('rounds to the nearest half mile', () => {
    expect(approximateMiles(km(0.3))).toBe(0.5);
    expect(approximateMiles(km(0.74))).toBe(0.5);
    expect(approximateMiles(km(0.76))).toBe(1);
    expect(approximateMiles(km(1.2))).toBe(1);
    expect(approximateMiles(km(1.3))).toBe(1.5);
    expect(approximateMiles(km(2.2))).toBe(2);
    expect(approximateMiles(km(2.3))).toBe(2.5);
    expect(approximateMiles(km(12.76))).toBe(13);
  });
  it('says "less than half a mile" below a quarter mile, never "0 mi"', () => {
    expect(approximateMiles(km(0.2))).toBe(0);
    expect(approximateMiles(0)).toBe(0);
    expect(formatApproximateMiles(0)).toBe('Less than 0.5 mi away');
    expect(formatApproximateMiles(km(0.24))).toBe(messages.pickupPrivacy.underHalfMileAway);
    expect(formatApproximateMiles(km(0.26))).toBe('0.5 mi away');
    expect(formatApproximateMiles(km(1))).toBe('1 mi away');
    expect(formatApproximateMiles(km(1.6))).toBe('1.5 mi away');
    expect(formatApproximateMiles(km(3))).toBe('3 mi away');
  });
  it('measures great-circle distance (one degree of latitude is about 69 miles)', () => {
    const oneDegree = haversineKm({ latitude: 41, longitude: -87 }, { latitude: 42, longitude: -87 });
    expect(oneDegree).toBeCloseTo(111.2, 1);
    expect(haversineKm({ latitude: 41, longitude: -87 }, { latitude: 41, longitude: -87 })).toBe(0);
    expect(formatApproximateMiles(oneDegree)).toBe('69 mi away');
  });
  it('writes miles as the reader writes numbers', () => {
    expect(formatApproximateDistance(km(1.6), 'mi', textsFor('de').pickupPrivacy, 'de')).toBe(
      '1,5 mi entfernt',
    );
    expect(formatApproximateDistance(km(1.6), 'mi', textsFor('es').pickupPrivacy, 'es')).toBe('A 1,5 mi');
    expect([formatMiles(6.2, 'de'), formatMiles(6.2), formatMiles(1250, 'de')]).toEqual([
      '6,2',
      '6.2',
      '1250',
    ]);
  });
  it('turns a saved radius back into miles, to the tenth', () => {
    expect(kmToMiles(milesToKm(25))).toBe(25);
    expect(kmToMiles(40.2336)).toBe(25);
    expect(kmToMiles(4)).toBe(2.5);
  });
});
