import { useCategoryOptions } from '../api';
import { categoryName } from '../../../shared/i18n/categoryName';
import { useTexts } from '../../../shared/i18n/useTexts';

/** The category of the listing (GET /api/Category); optional, as the server treats it. */
export function CategorySelect({
  id,
  value,
  onChange,
  invalid = false,
  error,
  disabled = false,
}: {
  id: string;
  value: string;
  onChange(categoryId: string): void;
  invalid?: boolean;
  /** A form message about the category, shown under it. */
  error?: string;
  disabled?: boolean;
}) {
  const texts = useTexts();
  const categories = useCategoryOptions();
  const errorId = `${id}-error`;
  const loadFailedId = `${id}-load-failed`;
  const options = categories.data ?? [];
  // Keep a prefilled category visible even before (or without) the list.
  const missing = value !== '' && !options.some((category) => String(category.id) === value);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {texts.listing.category}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [error ? errorId : '', categories.isError ? loadFailedId : ''].filter(Boolean).join(' ') ||
          undefined
        }
        className="field-input"
      >
        <option value="">{texts.listing.chooseCategory}</option>
        {missing && <option value={value}>{value}</option>}
        {options.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {categoryName(category.title, texts)}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {categories.isError && (
        <p id={loadFailedId} className="field-error">
          {texts.categories.loadFailed}
        </p>
      )}
    </div>
  );
}
