import { TIME_PICKER_MINUTE_STEP, fillText } from '@rummage/contract';
import { useLocale, useTexts } from '../../shared/i18n/useTexts';

/** A wall-clock time as the form keeps it: 24-hour "HH:mm". */
export type Time24 = string;

const HOURS = Array.from({ length: 12 }, (_, index) => index + 1);
const HOURS_24 = Array.from({ length: 24 }, (_, index) => index);
const MINUTES = Array.from(
  { length: 60 / TIME_PICKER_MINUTE_STEP },
  (_, index) => index * TIME_PICKER_MINUTE_STEP,
);
const pad = (value: number) => String(value).padStart(2, '0');

function split(value: Time24): { hour: number; minute: number; period: 'AM' | 'PM' } {
  const [h = 12, m = 0] = value.split(':').map(Number);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: m, period: h >= 12 ? 'PM' : 'AM' };
}

function join(hour: number, minute: number, period: 'AM' | 'PM'): Time24 {
  const h24 = (hour % 12) + (period === 'PM' ? 12 : 0);
  return `${pad(h24)}:${pad(minute)}`;
}

/**
 * 12-hour AM/PM picker, hours step 1, minutes step 5 (docs/product.md §9), as a labelled group of three selects; a
 * reader of German or Spanish, whose clocks run to 24, picks from 00 to 23 with no AM or PM.
 */
export function TimeSelect({
  id,
  label,
  value,
  onChange,
  invalid,
  disabled,
}: {
  id: string;
  label: string;
  value: Time24;
  onChange(value: Time24): void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const texts = useTexts();
  const clock24 = useLocale() !== 'en';
  const { hour, minute, period } = split(value);
  const [hour24 = 12] = value.split(':').map(Number);
  const selectClass = 'field-input w-auto min-w-16 px-2';
  return (
    <fieldset>
      <legend className="field-label">{label}</legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-hour`} className="sr-only">
          {fillText(texts.garage.hourOf, { label })}
        </label>
        <select
          id={`${id}-hour`}
          className={selectClass}
          value={clock24 ? hour24 : hour}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          onChange={(event) =>
            onChange(
              clock24
                ? `${pad(Number(event.target.value))}:${pad(minute)}`
                : join(Number(event.target.value), minute, period),
            )
          }
        >
          {(clock24 ? HOURS_24 : HOURS).map((h) => (
            <option key={h} value={h}>
              {clock24 ? pad(h) : h}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-minute`} className="sr-only">
          {fillText(texts.garage.minuteOf, { label })}
        </label>
        <select
          id={`${id}-minute`}
          className={selectClass}
          value={minute}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          onChange={(event) =>
            onChange(
              clock24
                ? `${pad(hour24)}:${pad(Number(event.target.value))}`
                : join(hour, Number(event.target.value), period),
            )
          }
        >
          {MINUTES.map((m) => (
            <option key={m} value={m}>
              {pad(m)}
            </option>
          ))}
        </select>
        {!clock24 && (
          <>
            <label htmlFor={`${id}-period`} className="sr-only">
              {fillText(texts.garage.periodOf, { label })}
            </label>
            <select
              id={`${id}-period`}
              className={selectClass}
              value={period}
              aria-invalid={invalid || undefined}
              disabled={disabled}
              onChange={(event) => onChange(join(hour, minute, event.target.value as 'AM' | 'PM'))}
            >
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          </>
        )}
      </div>
    </fieldset>
  );
}
