import { LANGUAGE_NAMES, LOCALES } from '@rummage/contract';
import { switchLanguage } from '../../shared/i18n/language';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/**
 * The footer's choice of language, for every visitor: kept in the `lang` cookie, and the page loaded again in
 * it (shared/i18n/language.ts). Each language is named in itself, so a reader finds their own.
 */
export function LanguageSwitch() {
  const texts = useTexts();
  const locale = useLocale();
  return (
    <nav aria-label={texts.footer.language}>
      <ul className="flex gap-1">
        {LOCALES.map((option) => (
          <li key={option}>
            <button
              type="button"
              lang={option}
              aria-pressed={option === locale}
              onClick={() => option !== locale && switchLanguage(option)}
              className="rounded px-2 py-1 text-stone-700 hover:text-brand hover:underline aria-pressed:font-semibold aria-pressed:text-stone-900"
            >
              {LANGUAGE_NAMES[option]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
