import type { Catalogue } from '@rummage/contract';

/**
 * Each language's catalogue apart from English (in the app with the contract's `messages`) is a chunk of its
 * own, loaded only by the people who read it: the first page of an English visitor carries no other language.
 * Every file of the contract's locales folder that exports a catalogue under its language's name (`de.ts` →
 * `export const de`) is found here, so a new language needs no change in the web app. This module imports
 * nothing else ahead of time: src/main.tsx uses it before the first paint.
 */
const files = import.meta.glob<Record<string, Catalogue>>([
  '../../../../../packages/contract/src/locales/*.ts',
  // Negative patterns are matched against the same relative paths, so they name the folder too.
  '!../../../../../packages/contract/src/locales/catalogue.ts',
  '!../../../../../packages/contract/src/locales/translate.ts',
  '!../../../../../packages/contract/src/locales/*.test.ts',
]);

/** The catalogue module of `language`, or undefined for English and languages without a catalogue. */
export function catalogueFile(language: string): (() => Promise<Record<string, Catalogue>>) | undefined {
  return Object.entries(files).find(([path]) => path.endsWith(`/${language}.ts`))?.[1];
}

/**
 * Starts downloading the catalogue of the language the page was painted in, and i18next with it, if it is not
 * English.
 */
export function preloadCatalogue(language: string): void {
  const file = catalogueFile(language);
  if (!file) return;
  void Promise.all([file(), import('./i18next')]).catch(() => undefined);
}
