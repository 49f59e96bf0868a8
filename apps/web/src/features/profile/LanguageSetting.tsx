import { LANGUAGE_NAMES, LOCALES, type Locale } from '@rummage/contract';
import { useTexts } from '../../shared/i18n/useTexts';
import { FieldError } from '../../shared/ui/TextField';

/**
 * The language the edit-profile form saves on the account (update-user-details `language`): one of the catalogued
 * languages, each named in itself as in the footer's switch, or none (null), so the browser's languages decide.
 */
export function LanguageSetting({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Locale | null;
  onChange(language: Locale | null): void;
  error?: string;
  disabled?: boolean;
}) {
  const texts = useTexts();
  const choices: Array<{ value: Locale | null; label: string }> = [
    { value: null, label: texts.profile.languageBrowser },
    ...LOCALES.map((option) => ({ value: option, label: LANGUAGE_NAMES[option] })),
  ];
  return (
    <fieldset
      aria-describedby={error ? 'profile-language-hint profile-language-error' : 'profile-language-hint'}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="field-label">{texts.footer.language}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {choices.map((choice) => (
          <label key={choice.value ?? 'browser'} className="inline-flex items-center gap-2 text-stone-800">
            <input
              type="radio"
              name="profile-language"
              value={choice.value ?? ''}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span lang={choice.value ?? undefined}>{choice.label}</span>
          </label>
        ))}
      </div>
      <p id="profile-language-hint" className="mt-1 text-sm text-stone-600">
        {texts.profile.languageHint}
      </p>
      <FieldError id="profile-language-error" message={error} />
    </fieldset>
  );
}
