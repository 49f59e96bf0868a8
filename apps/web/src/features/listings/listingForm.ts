import { ALLOWED_IMAGE_TYPES, messages } from '@rummage/contract';
import type { ChosenLocation } from '../location/LocationField';

export interface ListingValues {
  images: File[];
  title: string;
  description: string;
  price: string;
  location: ChosenLocation | null;
}

const allowed: readonly string[] = ALLOWED_IMAGE_TYPES;

/** SPEC §5 "Create listing", in the order a person fixes things; the first failing rule is shown. */
export function validateListing(values: ListingValues, existingImages = 0): string | null {
  if (values.images.some((file) => !allowed.includes(file.type))) return messages.listing.imageType;
  if (values.images.length + existingImages === 0) return messages.listing.imageRequired;
  if (!values.title.trim() || values.price.trim() === '') return messages.listing.fillFieldsProperly;
  if (!values.location) return messages.listing.pickupRequired;
  const price = Number(values.price);
  if (!Number.isFinite(price) || price < 0) return messages.listing.priceInvalid;
  return null;
}

/** The multipart body of POST /api/Product/add (SPEC §3 product form). */
export function toListingForm(values: ListingValues): FormData {
  const form = new FormData();
  form.append('Title', values.title.trim());
  form.append('Description', values.description.trim());
  form.append('Price', String(Number(values.price)));
  form.append('Latitude', String(values.location?.latitude ?? ''));
  form.append('Longitude', String(values.location?.longitude ?? ''));
  for (const image of values.images) form.append('Images', image);
  return form;
}
