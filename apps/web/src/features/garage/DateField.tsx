import { useRef } from 'react';
import dayjs from 'dayjs';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';
import { dayText } from './time';

/** Digits typed (or pasted in any shape) written as yyyy-mm-dd, the dashes put in as the digits come. */
export function formatDateInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current">
      <rect x="3" y="5" width="18" height="16" rx="2" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A date shown and typed year-month-day (docs/product.md §5), with a calendar button that opens the browser's own
 * date picker, which refuses days before `min`. (A plain date input would follow the device's locale,
 * month/day/year in the US.)
 */
export function DateField({
  id,
  label,
  calendarLabel,
  min,
  value,
  onChange,
  invalid,
  disabled,
}: {
  id: string;
  label: string;
  /** The calendar button's name; it must not repeat `label`, or finding the field by its label would match both. */
  calendarLabel: string;
  min: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const texts = useTexts();
  const locale = useLocale();
  const pickerRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const chosen = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
  const readable = chosen?.isValid() && chosen.format('YYYY-MM-DD') === value ? dayText(value, locale) : null;

  function openPicker() {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // Older browsers: focusing the hidden field at least lets its own UI appear.
      picker.focus();
      picker.click();
    }
  }

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={texts.garage.datePattern}
          maxLength={10}
          className="field-input pr-12 font-mono"
          value={value}
          onChange={(event) => onChange(formatDateInput(event.target.value))}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          disabled={disabled}
        />
        {/* The browser's calendar; it opens from the button and writes back into the field above. */}
        <input
          ref={pickerRef}
          id={`${id}-picker`}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          value={readable ? value : ''}
          onChange={(event) => event.target.value && onChange(event.target.value)}
          disabled={disabled}
          className="pointer-events-none absolute right-0 bottom-0 h-full w-10 opacity-0"
        />
        <button
          type="button"
          onClick={openPicker}
          disabled={disabled}
          aria-label={calendarLabel}
          className="absolute top-1/2 right-1 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 disabled:text-stone-400"
        >
          <CalendarIcon />
        </button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-stone-600">
        {texts.garage.dateFormat}
        {readable && <span className="font-semibold text-stone-800">{` · ${readable}`}</span>}
      </p>
    </div>
  );
}
