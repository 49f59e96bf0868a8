import { useEffect, useId, useState, type JSX, type KeyboardEvent } from 'react';
import {
  API,
  SUGGESTION_DEBOUNCE_MS,
  SUGGESTION_LIMIT,
  countNoun,
  stripUsaSuffix,
  type Catalogue,
  type CitySuggestion,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** A place the person picked from the suggestions: text plus the coordinates that came with it. */
export interface ChosenLocation {
  address: string;
  latitude: number;
  longitude: number;
}

export interface LocationFieldProps {
  id: string;
  label?: string;
  placeholder?: string;
  /** How many suggestions to show (docs/product.md §5: 5 on registration, 10 on the garage form, 15 elsewhere). */
  limit: number;
  value: ChosenLocation | null;
  onChange(value: ChosenLocation | null): void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

const suggestionCountText = (count: number, texts: Catalogue) =>
  count === 0 ? texts.location.noMatches : `${count} ${countNoun(count, 'suggestions', texts.common.counts)}`;

function sameLocation(a: ChosenLocation | null, b: ChosenLocation | null): boolean {
  if (a === null || b === null) return a === b;
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}

/** The server is built separately; keep only well-formed rows rather than trusting the whole answer. */
function usableSuggestions(body: unknown): CitySuggestion[] {
  const rows = (body as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (row): row is CitySuggestion =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as CitySuggestion).label === 'string' &&
      Number.isFinite((row as CitySuggestion).latitude) &&
      Number.isFinite((row as CitySuggestion).longitude),
  );
}

/**
 * City text field with suggestions, as an ARIA 1.2 combobox. A location only counts once it was
 * chosen from the list, because only then do we have coordinates for it (docs/product.md §4).
 */
export function LocationField({
  id,
  label,
  placeholder,
  limit,
  value,
  onChange,
  invalid = false,
  describedBy,
  disabled = false,
}: LocationFieldProps): JSX.Element {
  const texts = useTexts();
  const locale = useLocale();
  const listId = `${id}-listbox`;
  const statusId = useId();
  const max = Math.max(1, Math.min(Math.trunc(limit) || 1, SUGGESTION_LIMIT.max));

  const [text, setText] = useState(value?.address ?? '');
  // `query` is what the person typed; it differs from `text` after a choice, so choosing never re-fetches.
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<CitySuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // How many suggestions arrived, announced in words when rendered; null when there is nothing to announce.
  const [announcedCount, setAnnouncedCount] = useState<number | null>(null);

  // Follow the parent's value (prefill, form reset) without wiping text the person is still typing:
  // a null that arrives while the text no longer matches the old choice is our own "edited" signal.
  const [syncedValue, setSyncedValue] = useState(value);
  if (!sameLocation(value, syncedValue)) {
    setSyncedValue(value);
    if (value) setText(value.address);
    else if (syncedValue && text === syncedValue.address) setText('');
  }

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // Labels name the place and its country in the page's language ("München, Deutschland").
      apiFetch<unknown>(API.geo.cities, {
        query: { q, limit: max },
        signal: controller.signal,
        language: locale,
      })
        .then((body) => {
          if (controller.signal.aborted) return;
          const rows = usableSuggestions(body).slice(0, max);
          setSuggestions(rows);
          setActive(-1);
          setOpen(true);
          setAnnouncedCount(rows.length);
        })
        .catch(() => {
          // A failed or aborted look-up just means no suggestions; the person can keep typing.
          if (controller.signal.aborted) return;
          setSuggestions([]);
          setOpen(false);
        });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, max, locale]);

  const expanded = open && suggestions.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function handleInput(next: string) {
    setText(next);
    setQuery(next);
    if (!next.trim()) {
      setSuggestions([]);
      close();
    }
    // Any edit after a choice invalidates its coordinates.
    if (value) onChange(null);
  }

  function choose(suggestion: CitySuggestion) {
    const chosen: ChosenLocation = {
      address: stripUsaSuffix(suggestion.label),
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
    };
    setText(chosen.address);
    setQuery('');
    setSuggestions([]);
    close();
    setAnnouncedCount(null);
    onChange(chosen);
  }

  function handleBlur() {
    close();
    setQuery('');
    const chosen = value !== null && text === value.address;
    if (!chosen && text !== '') {
      // docs/product.md §4: typed text without a chosen suggestion is cleared along with its coordinates.
      setText('');
      setSuggestions([]);
      onChange(null);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (!expanded || current >= count - 1 ? 0 : current + 1));
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (!expanded || current <= 0 ? count - 1 : current - 1));
        break;
      case 'Enter': {
        const suggestion = expanded && active >= 0 ? suggestions[active] : undefined;
        if (suggestion) {
          // Choosing must not also submit the surrounding form.
          event.preventDefault();
          choose(suggestion);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          // Close only the list; an enclosing dialog must not close on the same key press.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  }

  const accessibleName = label ? undefined : (placeholder ?? texts.location.fieldFallbackName);
  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className="relative">
      {label && (
        <label htmlFor={id} className="field-label">
          {label}
        </label>
      )}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-label={accessibleName}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => handleInput(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 focus:border-brand disabled:cursor-not-allowed disabled:bg-stone-100 ${
          invalid ? 'border-red-600' : 'border-stone-300'
        }`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label ?? accessibleName}
        hidden={!expanded}
        // Keeps focus in the input, so a mouse or touch choice is not lost to the blur-clear above.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {expanded &&
          suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.label}-${suggestion.latitude}-${suggestion.longitude}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onClick={() => choose(suggestion)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand text-white' : 'text-stone-800'}`}
            >
              {stripUsaSuffix(suggestion.label)}
            </li>
          ))}
      </ul>
      <span id={statusId} role="status" aria-live="polite" className="sr-only">
        {announcedCount === null ? '' : suggestionCountText(announcedCount, texts)}
      </span>
    </div>
  );
}
