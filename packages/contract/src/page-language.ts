import { withHtmlLang, type Locale } from './locale.js';
import { textsFor } from './locales/translate.js';

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page's HTML in a language: `<html lang>`, and its description (what link previews and search results show
 * under its title) in that language. Every page is sent through it, built or rendered at request time.
 */
export function pageInLanguage(html: string, locale: Locale): string {
  return withHtmlLang(html, locale).replace(
    /<meta name="description" content="[^"]*"/,
    `<meta name="description" content="${attribute(textsFor(locale).home.pageDescription)}"`,
  );
}
