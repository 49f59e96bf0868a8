import type { Catalogue, Locale } from '@rummage/contract';
import { catalogueFile } from './catalogueFiles';
import { ENGLISH, type PageLanguage } from './i18n';

const loaded = new Map<Locale, Catalogue>([['en', ENGLISH.texts]]);

/**
 * The language `locale` with its catalogue (./catalogueFiles.ts), English while a language has none. i18next comes
 * with a catalogue, loaded beside it: English readers get the contract's `messages` as they are and pay for
 * neither.
 */
export async function loadLanguage(locale: Locale): Promise<PageLanguage> {
  const known = loaded.get(locale);
  if (known) return { locale, texts: known };
  const file = catalogueFile(locale);
  if (!file) return { ...ENGLISH, locale };
  const [{ createI18n }, module] = await Promise.all([import('./i18next'), file()]);
  const catalogue = module[locale];
  const texts = catalogue ? createI18n(locale, catalogue) : ENGLISH.texts;
  loaded.set(locale, texts);
  return { locale, texts };
}
