import { useContext, useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@rummage/contract';
import { switchLanguage } from '../../shared/i18n/language';
import { saveLanguage } from '../../shared/i18n/savedLanguage';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';
import { SessionContext } from '../../shared/session/SessionContext';

/**
 * The footer's choice of language, for every visitor: kept in the `lang` cookie, and the page loaded again in
 * it (shared/i18n/language.ts). A signed-in person's choice is saved on their account first, so it follows them
 * to their other browsers, notifications and e-mails. Each language is named in itself, so a reader finds their
 * own.
 */
export function LanguageSwitch() {
  const texts = useTexts();
  const locale = useLocale();
  // Outside a session (a page rendered on its own) everyone is a visitor.
  const sessionContext = useContext(SessionContext);
  const currentUser = sessionContext?.currentUser ?? null;
  // Signed in, but /me has not told who yet: a choice made now would be kept in this browser only, and the
  // account's saved language would win it back at the next sign-in. The switch waits the moment it takes.
  const accountPending = Boolean(sessionContext?.session) && currentUser === null;
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  async function choose(option: Locale) {
    if (option === locale || saving || accountPending) return;
    if (currentUser) {
      setSaving(true);
      setFailed(false);
      try {
        await saveLanguage(currentUser, option);
      } catch (caught) {
        // Switching anyway would not last: the saved language wins again at the next start.
        console.error('Could not save the language', caught);
        setFailed(true);
        setSaving(false);
        return;
      }
    }
    switchLanguage(option);
  }

  return (
    <nav aria-label={texts.footer.language} aria-busy={saving || accountPending}>
      <ul className="flex gap-1">
        {LOCALES.map((option) => (
          <li key={option}>
            <button
              type="button"
              lang={option}
              aria-pressed={option === locale}
              disabled={saving || accountPending}
              onClick={() => void choose(option)}
              className="rounded px-2 py-1 text-stone-700 hover:text-brand hover:underline aria-pressed:font-semibold aria-pressed:text-stone-900"
            >
              {LANGUAGE_NAMES[option]}
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {texts.profile.languageSaveFailed}
        </p>
      )}
    </nav>
  );
}
