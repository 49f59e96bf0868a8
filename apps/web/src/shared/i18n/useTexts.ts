import { createContext, useContext } from 'react';
import type { Catalogue, Locale } from '@rummage/contract';
import { ENGLISH, type PageLanguage } from './i18n';

/** The language the page is read in (src/app/App.tsx provides it); English for a component rendered on its own. */
export const LanguageContext = createContext<PageLanguage>(ENGLISH);

/** The texts of the language the page is read in, typed as the contract's catalogue. */
export function useTexts(): Catalogue {
  return useContext(LanguageContext).texts;
}

/** The language the page is read in. */
export function useLocale(): Locale {
  return useContext(LanguageContext).locale;
}
