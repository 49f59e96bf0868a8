import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, SUGGESTION_LIMIT, messages } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { FormSheet } from '../../shared/ui/FormSheet';
import { TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { LocationField, type ChosenLocation } from '../location/LocationField';
import { NOON, toGaragePayload, today, validateGarage } from './garageForm';
import { GARAGE_ITEMS, GARAGE_TEXT } from './texts';
import { TimeSelect } from './TimeSelect';

/** SPEC §7 POST /api/GarageSale/add; its server side arrives with the garage-sale issue. */
const GARAGE_ADD_PATH = '/api/GarageSale/add';
/** Long enough to read "created", short enough not to feel stuck. */
const SUCCESS_PAUSE_MS = 1200;

/** /create-garage: the "create garage sale" form (SPEC §2, §4, §5). */
export default function CreateGaragePage() {
  useDocumentTitle(GARAGE_TEXT.createTitle);
  const navigate = useNavigate();
  const [location, setLocation] = useState<ChosenLocation | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [startTime, setStartTime] = useState(NOON);
  const [endTime, setEndTime] = useState(NOON);
  const [items, setItems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  // A new key clears the location field along with the rest of the form after success.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => navigate(ROUTES.userMain), SUCCESS_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  function toggleItem(item: string, checked: boolean) {
    setItems((current) => (checked ? [...current, item] : current.filter((value) => value !== item)));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || created) return;
    const values = { location, startDate, endDate, startTime, endTime, items };
    const problem = validateGarage(values);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await apiFetch(GARAGE_ADD_PATH, { method: 'POST', body: toGaragePayload(values) });
      setLocation(null);
      setStartDate('');
      setEndDate('');
      setStartTime(NOON);
      setEndTime(NOON);
      setItems([]);
      setFormKey((key) => key + 1);
      setCreated(true);
    } catch (caught) {
      // SPEC §8: a failed garage-sale creation is only logged.
      console.error('Creating the garage sale failed', caught);
    } finally {
      setSubmitting(false);
    }
  }

  const locked = submitting || created;

  return (
    <FormSheet
      tag={messages.garage.formTag}
      title={messages.garage.formTitle}
      closeTo={ROUTES.home}
      closeLabel={GARAGE_TEXT.close}
    >
      <form
        key={formKey}
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-5"
        aria-busy={submitting}
      >
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        {created && <Banner tone="success">{messages.garage.created}</Banner>}
        <LocationField
          id="garage-address"
          label={GARAGE_TEXT.address}
          placeholder={messages.garage.addressPlaceholder}
          limit={SUGGESTION_LIMIT.garageForm}
          value={location}
          onChange={setLocation}
          disabled={locked}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="garage-start-date"
            type="date"
            label={GARAGE_TEXT.startDate}
            min={today()}
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            disabled={locked}
          />
          <TextField
            id="garage-end-date"
            type="date"
            label={GARAGE_TEXT.endDate}
            min={startDate || today()}
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            disabled={locked}
          />
          <TimeSelect
            id="garage-start-time"
            label={GARAGE_TEXT.startTime}
            value={startTime}
            onChange={setStartTime}
            disabled={locked}
          />
          <TimeSelect
            id="garage-end-time"
            label={GARAGE_TEXT.endTime}
            value={endTime}
            onChange={setEndTime}
            disabled={locked}
          />
        </div>
        <fieldset>
          <legend className="field-label">{GARAGE_TEXT.itemsLegend}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {GARAGE_ITEMS.map((item) => (
              <label
                key={item}
                className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm hover:bg-stone-50"
              >
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand"
                  checked={items.includes(item)}
                  onChange={(event) => toggleItem(item, event.target.checked)}
                  disabled={locked}
                />
                {item}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="rounded-xl bg-accent-100 px-4 py-3 text-sm text-stone-800">{messages.garage.note}</p>
        <button type="submit" className="btn btn-primary w-full" disabled={locked}>
          {submitting ? GARAGE_TEXT.creating : messages.garage.create}
        </button>
      </form>
    </FormSheet>
  );
}
