import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GARAGE_ITEMS, ROUTES, SUGGESTION_LIMIT } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { FormSheet } from '../../shared/ui/FormSheet';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LocationField, type ChosenLocation } from '../location';
import { createGarageSale, garageKeys, itemName } from './api';
import { DateField } from './DateField';
import { NOON, serverFields, toGaragePayload, today, validateGarage, type GarageField } from './garageForm';
import { TimeSelect } from './TimeSelect';
import { useTexts } from '../../shared/i18n/useTexts';

/** Long enough to read "created", short enough not to feel stuck. */
export const SUCCESS_PAUSE_MS = 1200;

/**
 * /create-garage: the "create garage sale" form (docs/product.md §2, §4, §5). Nothing is sent until every field is
 * filled and the end is after the start; on success the form resets, says so, and goes to /user-main.
 */
export default function CreateGaragePage() {
  const texts = useTexts();
  useDocumentTitle(texts.garage.createTitle);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [location, setLocation] = useState<ChosenLocation | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [startTime, setStartTime] = useState(NOON);
  const [endTime, setEndTime] = useState(NOON);
  const [items, setItems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<GarageField>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  // A new key clears the location field along with the rest of the form after success.
  const [formKey, setFormKey] = useState(0);
  const minDate = today();

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => navigate(ROUTES.userMain), SUCCESS_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  function toggleItem(item: string, checked: boolean) {
    // Kept in the list's order, whatever order they were ticked in.
    setItems((current) => GARAGE_ITEMS.filter((name) => (name === item ? checked : current.includes(name))));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || created) return;
    const values = { location, startDate, endDate, startTime, endTime, items };
    const problem = validateGarage(values, texts);
    setError(problem?.message ?? null);
    setInvalid(new Set(problem?.fields ?? []));
    if (problem) return;
    setSubmitting(true);
    try {
      await createGarageSale(toGaragePayload(values));
      void queryClient.invalidateQueries({ queryKey: garageKeys.all });
      setLocation(null);
      setStartDate('');
      setEndDate('');
      setStartTime(NOON);
      setEndTime(NOON);
      setItems([]);
      setFormKey((key) => key + 1);
      setCreated(true);
    } catch (caught) {
      // docs/product.md §8 only logs a failed creation; a refusal with a reason (a start already past, say) is shown
      // too, or the person could not tell what to change.
      console.error('Creating the garage sale failed', caught);
      if (
        caught instanceof ApiError &&
        caught.status >= 400 &&
        caught.status < 500 &&
        caught.status !== 401
      ) {
        setError(caught.message);
        // The server judges times by the sale's own clock (a start before today, an end already past there).
        setInvalid(new Set(serverFields(caught.fieldErrors)));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const locked = submitting || created;

  return (
    <FormSheet
      tag={texts.garage.formTag}
      title={texts.garage.formTitle}
      closeTo={ROUTES.home}
      closeLabel={texts.garage.close}
    >
      <form
        key={formKey}
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-5"
        aria-busy={submitting}
        aria-label={texts.garage.formTitle}
      >
        <LocationField
          id="garage-address"
          label={texts.garage.address}
          placeholder={texts.garage.addressPlaceholder}
          limit={SUGGESTION_LIMIT.garageForm}
          value={location}
          onChange={setLocation}
          invalid={invalid.has('location')}
          disabled={locked}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            id="garage-start-date"
            label={texts.garage.startDate}
            calendarLabel={texts.garage.calendarStart}
            min={minDate}
            value={startDate}
            onChange={setStartDate}
            invalid={invalid.has('startDate')}
            disabled={locked}
          />
          <DateField
            id="garage-end-date"
            label={texts.garage.endDate}
            calendarLabel={texts.garage.calendarEnd}
            min={startDate && startDate > minDate ? startDate : minDate}
            value={endDate}
            onChange={setEndDate}
            invalid={invalid.has('endDate')}
            disabled={locked}
          />
          <TimeSelect
            id="garage-start-time"
            label={texts.garage.startTime}
            value={startTime}
            onChange={setStartTime}
            invalid={invalid.has('startTime')}
            disabled={locked}
          />
          <TimeSelect
            id="garage-end-time"
            label={texts.garage.endTime}
            value={endTime}
            onChange={setEndTime}
            invalid={invalid.has('endTime')}
            disabled={locked}
          />
        </div>
        <fieldset aria-invalid={invalid.has('items') || undefined}>
          <legend className="field-label">{texts.garage.itemsLegend}</legend>
          <div
            className={`grid grid-cols-2 gap-1 rounded-xl sm:grid-cols-3 ${
              invalid.has('items') ? 'ring-2 ring-red-700 ring-offset-2' : ''
            }`}
          >
            {GARAGE_ITEMS.map((item) => (
              <label
                key={item}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-stone-50"
              >
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0 accent-brand"
                  checked={items.includes(item)}
                  onChange={(event) => toggleItem(item, event.target.checked)}
                  disabled={locked}
                />
                {itemName(item, texts)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="rounded-xl bg-accent-100 px-4 py-3 text-sm text-stone-800">{texts.garage.note}</p>
        <p className="text-sm text-stone-700">{texts.garage.exactAddressNote}</p>
        {/* Beside the button, where the eyes are after pressing it (the form is long on a phone). */}
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        {created && <Banner tone="success">{texts.garage.created}</Banner>}
        <button type="submit" className="btn btn-primary w-full" disabled={locked}>
          {submitting ? texts.garage.creating : texts.garage.create}
        </button>
      </form>
    </FormSheet>
  );
}
