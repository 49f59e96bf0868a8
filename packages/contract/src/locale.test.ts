import { describe, expect, it } from 'vitest';
import {
  amountForInput,
  amountFromInput,
  currencySign,
  chooseLocale,
  formatPrice,
  isCountryCode,
  isCurrencyCode,
  localeFromAcceptLanguage,
} from './index.js';

// Intl puts a no-break space (U+00A0) between amount and sign in German and Spanish; written plainly here.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice in the reader’s language and the installation’s currency', () => {
  it('writes the SPEC’s dollars by default, cents only when there are some', () => {
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89');
  });

  it('writes three currencies in three languages as their readers expect', () => {
    const cases: Array<[string, string, number, string]> = [
      ['en', 'USD', 12.5, '$12.50'],
      ['de', 'USD', 12.5, '12,50 $'],
      ['es', 'USD', 1234.5, '1234,50 US$'],
      ['en', 'EUR', 12.5, '€12.50'],
      ['de', 'EUR', 12.5, '12,50 €'],
      ['de', 'EUR', 1234, '1.234 €'],
      ['es', 'EUR', 12.5, '12,50 €'],
      ['es', 'EUR', 12345, '12.345 €'],
      ['en', 'GBP', 45, '£45'],
      ['de', 'GBP', 45.05, '45,05 £'],
      ['es', 'GBP', 45, '45 GBP'],
    ];
    for (const [locale, currency, price, expected] of cases) {
      expect(plain(formatPrice(price, locale, currency)), `${price} ${currency} in ${locale}`).toBe(expected);
    }
  });

  it('never reads a broken amount as money', () => {
    expect(formatPrice(Number.NaN)).toBe('$0');
    expect(plain(formatPrice(Number.NaN, 'de', 'EUR'))).toBe('0 €');
  });
});

describe('amounts typed in the reader’s language', () => {
  it('reads a decimal comma and grouping as German and Spanish write them', () => {
    expect(amountFromInput('12,50', 'de')).toBe('12.50');
    expect(amountFromInput(' 1.234,5 ', 'es')).toBe('1234.5');
    expect(amountFromInput('12.50', 'de')).toBe('12.50');
    expect(amountFromInput('1,234.50', 'en')).toBe('1234.50');
    expect(amountFromInput('12', 'de')).toBe('12');
    // Never a thousands separator before two digits, whatever the language.
    expect(amountFromInput('12,50', 'en')).toBe('12.50');
    expect(amountFromInput(',5', 'es')).toBe('.5');
    // Not an amount in any language: left for the schema to refuse.
    expect(amountFromInput('12,5,0', 'de')).toBe('12,5,0');
  });

  it('writes an amount into a field as the reader types it, and reads it back', () => {
    expect(amountForInput(12.5, 'de')).toBe('12,50');
    expect(amountForInput(1234.5, 'es')).toBe('1234,50');
    expect(amountForInput(12, 'de')).toBe('12');
    expect(amountForInput(12.5, 'en')).toBe('12.50');
    for (const locale of ['en', 'de', 'es'])
      expect(amountFromInput(amountForInput(1234.05, locale), locale)).toBe('1234.05');
  });

  it('puts the currency’s sign on the side the language writes it', () => {
    expect(currencySign('en', 'USD')).toEqual({ sign: '$', before: true });
    expect(currencySign('de', 'EUR')).toEqual({ sign: '€', before: false });
    expect(currencySign('en', 'GBP')).toEqual({ sign: '£', before: true });
  });
});

describe('the language a person reads', () => {
  it('takes their own choice first, then their browser’s, then the installation’s', () => {
    expect(chooseLocale({ chosen: 'es', acceptLanguage: 'de-DE,de;q=0.9', defaultLocale: 'en' })).toBe('es');
    expect(chooseLocale({ chosen: null, acceptLanguage: 'de-DE,de;q=0.9', defaultLocale: 'en' })).toBe('de');
    expect(chooseLocale({ acceptLanguage: undefined, defaultLocale: 'de' })).toBe('de');
    // A choice we have no catalogue for counts as none.
    expect(chooseLocale({ chosen: 'fr', acceptLanguage: 'es', defaultLocale: 'en' })).toBe('es');
  });

  it('reads Accept-Language by weight, skipping languages we lack, and treats * as no header', () => {
    expect(localeFromAcceptLanguage('fr-FR, es;q=0.5, de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('fr, it')).toBeUndefined();
    expect(localeFromAcceptLanguage('*')).toBeUndefined();
    expect(localeFromAcceptLanguage('de;q=0, es')).toBe('es');
    expect(chooseLocale({ acceptLanguage: '*', defaultLocale: 'es' })).toBe('es');
  });
});

describe('installation settings', () => {
  it('knows currency and country codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
});
