import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ALLOWED_IMAGE_TYPES, ROUTES, SUGGESTION_LIMIT, messages } from '@rummage/contract';
import { ApiError } from '../../shared/api/client';
import { Banner } from '../../shared/ui/Banner';
import { FormSheet } from '../../shared/ui/FormSheet';
import { TextField } from '../../shared/ui/TextField';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useFillText } from '../../shared/config/useAppConfig';
import { LocationField, type ChosenLocation } from '../location/LocationField';
import { createListing } from './api';
import { toListingForm, validateListing } from './listingForm';
import { LISTING_TEXT } from './texts';

/** /create-product: the "listing details" form; success goes to /user-main (SPEC §2, §5, §8). */
export default function CreateProductPage() {
  useDocumentTitle(LISTING_TEXT.createTitle);
  const fill = useFillText();
  const navigate = useNavigate();
  const [images, setImages] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [location, setLocation] = useState<ChosenLocation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = { images, title, description, price, location };
    const problem = validateListing(values);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await createListing(toListingForm(values), messages.listing.createFailed);
      navigate(ROUTES.userMain);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.listing.createFailed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <FormSheet
      title={messages.listing.detailsHeading}
      closeTo={ROUTES.userMain}
      closeLabel={LISTING_TEXT.close}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
        {error && <Banner onDismiss={() => setError(null)}>{error}</Banner>}
        <div>
          <label htmlFor="listing-images" className="field-label">
            {LISTING_TEXT.images}
          </label>
          <input
            id="listing-images"
            type="file"
            multiple
            accept={ALLOWED_IMAGE_TYPES.join(',')}
            aria-describedby="listing-images-hint"
            onChange={(event) => setImages(Array.from(event.target.files ?? []))}
            disabled={submitting}
            className="block w-full rounded-xl border border-dashed border-stone-400 bg-stone-50 p-4 text-sm text-stone-700 file:mr-4 file:rounded-full file:border-0 file:bg-brand file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          <p id="listing-images-hint" className="mt-1 text-xs text-stone-600">
            {LISTING_TEXT.imagesHint}
            {images.length > 0 && ` · ${fill(LISTING_TEXT.selectedImages, { count: images.length })}`}
          </p>
        </div>
        <TextField
          id="listing-title"
          label={LISTING_TEXT.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          disabled={submitting}
        />
        <div>
          <label htmlFor="listing-description" className="field-label">
            {LISTING_TEXT.description}
          </label>
          <textarea
            id="listing-description"
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            disabled={submitting}
            className="field-input"
          />
        </div>
        <TextField
          id="listing-price"
          label={LISTING_TEXT.price}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          disabled={submitting}
        />
        <LocationField
          id="listing-location"
          label={LISTING_TEXT.pickupLocation}
          placeholder={messages.location.cityPlaceholder}
          limit={SUGGESTION_LIMIT.max}
          value={location}
          onChange={setLocation}
          disabled={submitting}
        />
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={submitting}>
          {submitting ? LISTING_TEXT.submitting : LISTING_TEXT.post}
        </button>
      </form>
    </FormSheet>
  );
}
