import { createInstance } from 'i18next';
import type { Catalogue, Locale } from '@rummage/contract';

/**
 * An i18next instance holding the one catalogue a page is read in, and that catalogue as it holds it. One per
 * page render on the server (renders of different languages run at the same time, so no language is kept in a
 * module) and one in the browser. Only a language other than English loads this module (./catalogues.ts).
 */
export function createI18n(locale: Locale, catalogue: Catalogue): Catalogue {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: catalogue } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.getResourceBundle(locale, 'translation') as Catalogue;
}
