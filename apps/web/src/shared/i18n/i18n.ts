import { messages, type Catalogue, type Locale } from '@rummage/contract';

/** The language a page is read in and its texts. */
export interface PageLanguage {
  locale: Locale;
  texts: Catalogue;
}

/**
 * English, the contract's `messages`, which the app carries anyway: a page read in English loads no catalogue
 * and no i18next (./catalogues.ts).
 */
export const ENGLISH: PageLanguage = { locale: 'en', texts: messages as Catalogue };

let browserLanguage: PageLanguage = ENGLISH;

/** The browser's language, set once when the app starts (src/app/mount.tsx). */
export function setBrowserLanguage(language: PageLanguage): void {
  browserLanguage = language;
}

/**
 * The texts of the language the browser shows, for code outside components that runs in the browser only (an API
 * error's fallback text, a validator called from an event handler). Never call it while rendering: the server
 * renders several languages at once, and a component reads its texts with useTexts().
 */
export function browserTexts(): Catalogue {
  return browserLanguage.texts;
}
