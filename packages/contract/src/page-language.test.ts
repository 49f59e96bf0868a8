import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { pageInLanguage } from './page-language.js';
import { textsFor } from './locales/translate.js';

const PAGE =
  '<!doctype html><html lang="en"><head><meta name="description" content="A community marketplace for people who love to thrift." /><title>Rummage</title></head></html>';

describe('a page in a language', () => {
  it('says its language and its description in it, for link previews and search results', () => {
    const german = pageInLanguage(PAGE, 'de');
    expect(german).toContain('<html lang="de">');
    expect(german).toContain(`<meta name="description" content="${textsFor('de').home.pageDescription}" />`);
    expect(pageInLanguage(PAGE, 'es')).toContain(`content="${textsFor('es').home.pageDescription}"`);
    // English keeps the page's own words, which are the catalogue's.
    expect(pageInLanguage(PAGE, 'en')).toBe(PAGE);
    expect(PAGE).toContain(messages.home.pageDescription);
  });
});
