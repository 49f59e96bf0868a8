import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LISTING_LIMITS, SUGGESTION_LIMIT, amountFromInput, fillText } from '@rummage/contract';
import { ApiError } from '../../../shared/api/client';
import { Banner } from '../../../shared/ui/Banner';
import { FieldError, TextField } from '../../../shared/ui/TextField';
import { LocationField } from '../../location';
import {
  fieldsFor,
  listingMessageIn,
  validateListing,
  type ListingField,
  type ListingValues,
} from '../listingForm';
import { CategorySelect } from './CategorySelect';
import { ImagePicker } from './ImagePicker';
import { UploadProgress } from './UploadProgress';
import { useLocale, useTexts } from '../../../shared/i18n/useTexts';
import { useFormatPrice } from '../../feed';

export interface ListingFormProps {
  initialValues: ListingValues;
  submitLabel: string;
  /** Shown when the server gives no message. */
  failureMessage: string;
  /** Sends the form; `removed` lists the existing photos taken out (edit form). Rejects with ApiError. */
  onSubmit(values: ListingValues, removed: string[], onProgress: (fraction: number) => void): Promise<void>;
  /** Extra actions under the submit button (the edit form's Delete). */
  footer?: ReactNode;
  /** Locks the form from outside (a delete in progress). */
  locked?: boolean;
}

const FIELD_ID: Record<ListingField, string> = {
  images: 'listing-images',
  title: 'listing-title',
  price: 'listing-price',
  minimumOffer: 'listing-minimum-offer',
  location: 'listing-location',
  description: 'listing-description',
  category: 'listing-category',
};

const TITLE_COUNT_ID = 'listing-title-count';

/** The price the hint under the price field writes in the installation's currency. */
const PRICE_EXAMPLE = 12.5;

const FIELD_OF: Record<keyof ListingValues, ListingField> = {
  images: 'images',
  existingImages: 'images',
  title: 'title',
  description: 'description',
  price: 'price',
  minimumOffer: 'minimumOffer',
  categoryId: 'category',
  location: 'location',
};

/** The server's per-field messages use the multipart names. */
const SERVER_FIELD: Record<string, ListingField> = {
  Images: 'images',
  Title: 'title',
  Price: 'price',
  MinimumOffer: 'minimumOffer',
  Latitude: 'location',
  Longitude: 'location',
  Description: 'description',
  CategoryId: 'category',
};

/**
 * A complaint about the form. `inline`: shown under `fields[0]` (the browser's own check); otherwise (a server
 * answer) shown by the submit button, where the person is looking, with `fields` only marked invalid.
 */
interface FormProblem {
  message: string;
  fields: ListingField[];
  inline: boolean;
}

/** The listing form shared by create and edit (docs/product.md §2, §3, §5): photos, title, description, price, category, pickup. */
export function ListingForm({
  initialValues,
  submitLabel,
  failureMessage,
  onSubmit,
  footer,
  locked = false,
}: ListingFormProps) {
  const texts = useTexts();
  const locale = useLocale();
  const formatPrice = useFormatPrice();
  const [values, setValues] = useState<ListingValues>(initialValues);
  const [removed, setRemoved] = useState<string[]>([]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const bannerRef = useRef<HTMLDivElement>(null);
  const disabled = submitting || locked;

  function clearField(field: ListingField) {
    setProblem((current) => {
      if (!current || !current.fields.includes(field)) return current;
      const fields = current.fields.filter((other) => other !== field);
      return fields.length > 0 ? { ...current, fields } : null;
    });
  }

  function update<K extends keyof ListingValues>(key: K, value: ListingValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    clearField(FIELD_OF[key]);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    // The amounts as the API reads them, from the way the reader's language writes them ("12,50" is 12.50).
    const read = {
      ...values,
      price: amountFromInput(values.price, locale),
      minimumOffer: amountFromInput(values.minimumOffer, locale),
    };
    const message = validateListing(read);
    if (message) {
      const fields = fieldsFor(message, read);
      setProblem({ message: listingMessageIn(message, texts), fields, inline: fields.length > 0 });
      // Focus lands on the field to fix; its message is read out with it (aria-describedby).
      const first = fields[0];
      if (first) document.getElementById(FIELD_ID[first])?.focus();
      return;
    }
    setProblem(null);
    setSubmitting(true);
    setProgress(0);
    try {
      await onSubmit(read, removed, setProgress);
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : null;
      const fields = Object.keys(error?.fieldErrors ?? {}).flatMap((name) => SERVER_FIELD[name] ?? []);
      // The server answers its schema's English words; they are said in the reader's language like the form's own.
      setProblem({
        message: listingMessageIn(error?.message || failureMessage, texts),
        fields,
        inline: false,
      });
      setSubmitting(false);
      bannerRef.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  const inlineField = problem?.inline ? problem.fields[0] : undefined;
  const invalid = (field: ListingField) => problem?.fields.includes(field) ?? false;
  /** The message under `field`, when it is the one to fix first. */
  const errorFor = (field: ListingField) => (problem && inlineField === field ? problem.message : undefined);
  const errorId = (field: ListingField) => `${FIELD_ID[field]}-error`;
  const describedBy = (field: ListingField, hint?: string) =>
    [hint, errorFor(field) ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5" aria-busy={submitting}>
      <div>
        <ImagePicker
          id={FIELD_ID.images}
          existing={values.existingImages}
          images={values.images}
          onImagesChange={(images) => update('images', images)}
          onRemoveExisting={(url) => {
            setRemoved((current) => [...current, url]);
            update(
              'existingImages',
              values.existingImages.filter((image) => image.url !== url),
            );
          }}
          onRejected={(message) => setProblem({ message, fields: ['images'], inline: true })}
          invalid={invalid('images')}
          describedBy={errorFor('images') ? errorId('images') : undefined}
          disabled={disabled}
        />
        {errorFor('images') && (
          // Not tied to a focus move (a refused file keeps focus on the picker), so it is announced.
          <p id={errorId('images')} role="alert" className="field-error">
            {errorFor('images')}
          </p>
        )}
      </div>
      <div>
        <TextField
          id={FIELD_ID.title}
          label={texts.listing.title}
          value={values.title}
          onChange={(event) => update('title', event.target.value)}
          invalid={invalid('title')}
          error={errorFor('title')}
          aria-describedby={describedBy('title', TITLE_COUNT_ID)}
          maxLength={LISTING_LIMITS.titleMax}
          disabled={disabled}
          autoComplete="off"
        />
        {/* Not live: read with the field when it gets focus, never on every keystroke. */}
        <p id={TITLE_COUNT_ID} className="mt-1 text-right text-xs text-stone-600">
          {fillText(texts.listing.titleLength, {
            count: values.title.length,
            max: LISTING_LIMITS.titleMax,
          })}
        </p>
      </div>
      <div>
        <label htmlFor={FIELD_ID.description} className="field-label">
          {texts.listing.description}
        </label>
        <textarea
          id={FIELD_ID.description}
          rows={4}
          value={values.description}
          onChange={(event) => update('description', event.target.value)}
          aria-invalid={invalid('description') || undefined}
          aria-describedby={describedBy('description')}
          disabled={disabled}
          className="field-input"
        />
        <FieldError id={errorId('description')} message={errorFor('description')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <TextField
            id={FIELD_ID.price}
            label={texts.listing.price}
            // Text, not a number input: Chromium's number input read "12,50" typed in German as 1250.
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={values.price}
            onChange={(event) => update('price', event.target.value)}
            invalid={invalid('price')}
            error={errorFor('price')}
            disabled={disabled}
            aria-describedby={describedBy('price', 'listing-price-hint')}
          />
          <p id="listing-price-hint" className="mt-1 text-xs text-stone-600">
            {fillText(texts.listing.priceHint, { example: formatPrice(PRICE_EXAMPLE) })}
          </p>
        </div>
        <CategorySelect
          id={FIELD_ID.category}
          value={values.categoryId}
          onChange={(categoryId) => update('categoryId', categoryId)}
          invalid={invalid('category')}
          error={errorFor('category')}
          disabled={disabled}
        />
        <div>
          <TextField
            id={FIELD_ID.minimumOffer}
            label={texts.offers.minimumLabel}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={values.minimumOffer}
            onChange={(event) => update('minimumOffer', event.target.value)}
            invalid={invalid('minimumOffer')}
            error={errorFor('minimumOffer')}
            disabled={disabled}
            aria-describedby={describedBy('minimumOffer', 'listing-minimum-offer-hint')}
          />
          <p id="listing-minimum-offer-hint" className="mt-1 text-xs text-stone-600">
            {texts.offers.minimumHint}
          </p>
        </div>
      </div>
      <div>
        <LocationField
          id={FIELD_ID.location}
          label={texts.listing.pickupLocation}
          placeholder={texts.location.cityPlaceholder}
          limit={SUGGESTION_LIMIT.locationDialog}
          value={values.location}
          onChange={(location) => update('location', location)}
          invalid={invalid('location')}
          describedBy={describedBy('location', 'listing-location-hint')}
          disabled={disabled}
        />
        <FieldError id={errorId('location')} message={errorFor('location')} />
        <p id="listing-location-hint" className="mt-1 text-xs text-stone-600">
          {texts.listing.pickupHint}
        </p>
      </div>
      <div ref={bannerRef} className="flex flex-col gap-3">
        {problem && !inlineField && <Banner onDismiss={() => setProblem(null)}>{problem.message}</Banner>}
        {submitting && <UploadProgress fraction={progress} />}
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={disabled}>
        {submitting ? texts.listing.submitting : submitLabel}
      </button>
      {footer}
    </form>
  );
}
