import {
  amountForInput,
  ALLOWED_IMAGE_TYPES,
  fillText,
  firstListingMessage,
  messages,
  productFormFieldsSchema,
  type Catalogue,
  type Locale,
  type ProductDetail,
} from '@rummage/contract';
import type { ChosenLocation } from '../location';

const L = messages.listing;

/** Most photos one listing may carry (the server's UPLOAD_MAX_IMAGES default). */
export const MAX_LISTING_IMAGES = 10;

export const TOO_MANY_IMAGES = fillText(L.tooManyImages, { max: MAX_LISTING_IMAGES });

/** The file input's `accept`: extensions as well as types, so every picker offers the same files. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const allowedTypes: readonly string[] = ALLOWED_IMAGE_TYPES;
const allowedExtension = /\.(jpe?g|png)$/i;

/** JPG, JPEG or PNG (docs/product.md §5, §9): by type, or by name when the browser reports no type. */
export function isAllowedImage(file: File): boolean {
  return file.type ? allowedTypes.includes(file.type) : allowedExtension.test(file.name);
}

/** A photo the listing already has (edit form). */
export interface ExistingImage {
  /** The address as GET /api/Product/{id} gave it; sent back in ImagesToDelete when removed. */
  url: string;
  thumbnail: string;
}

/** A photo chosen in this form, with a stable key for reordering. */
export interface NewImage {
  key: string;
  file: File;
}

export interface ListingValues {
  images: NewImage[];
  existingImages: ExistingImage[];
  title: string;
  description: string;
  price: string;
  /** The lowest offer the seller accepts (docs/product.md §18); blank for none. Only the seller ever sees it. */
  minimumOffer: string;
  categoryId: string;
  location: ChosenLocation | null;
}

export const EMPTY_LISTING: ListingValues = {
  images: [],
  existingImages: [],
  title: '',
  description: '',
  price: '',
  minimumOffer: '',
  categoryId: '',
  location: null,
};

/** The form's values from a listing (edit form prefill). */
export function valuesFromProduct(product: ProductDetail, locale: Locale = 'en'): ListingValues {
  const location =
    Number.isFinite(product.latitude) && Number.isFinite(product.longitude)
      ? {
          address: product.location ?? `${product.latitude.toFixed(5)}, ${product.longitude.toFixed(5)}`,
          latitude: product.latitude,
          longitude: product.longitude,
        }
      : null;
  return {
    images: [],
    existingImages: product.images.map((url, index) => ({
      url,
      thumbnail: product.thumbnails[index] ?? url,
    })),
    title: product.title,
    description: product.description,
    price: amountForInput(product.price, locale),
    minimumOffer: product.minimumOffer == null ? '' : amountForInput(product.minimumOffer, locale),
    categoryId: product.categoryId === null ? '' : String(product.categoryId),
    location,
  };
}

/** The listing's text fields under their multipart names, as the server reads them. */
function formFields(values: ListingValues) {
  return {
    Title: values.title,
    Description: values.description,
    Price: values.price,
    MinimumOffer: values.minimumOffer,
    Latitude: values.location?.latitude,
    Longitude: values.location?.longitude,
    CategoryId: values.categoryId,
  };
}

/**
 * docs/product.md §5 "Create listing" with the server's own rules (productFormFieldsSchema): every failing rule is
 * collected, and the one a person should fix first (LISTING_MESSAGE_ORDER) is answered.
 */
export function validateListing(values: ListingValues): string | null {
  const found: string[] = [];
  if (values.images.some((image) => !isAllowedImage(image.file))) found.push(L.imageType);
  const total = values.images.length + values.existingImages.length;
  if (total === 0) found.push(L.imageRequired);
  if (total > MAX_LISTING_IMAGES) found.push(TOO_MANY_IMAGES);
  const parsed = productFormFieldsSchema.safeParse(formFields(values));
  if (!parsed.success) found.push(...parsed.error.issues.map((issue) => issue.message));
  // Checked with the listing on the server too: a lowest offer at or above the price would turn every offer away.
  else if (parsed.data.MinimumOffer != null && parsed.data.MinimumOffer >= parsed.data.Price)
    found.push(messages.offers.minimumNotBelowPrice);
  return found.length > 0 ? (firstListingMessage(found) ?? null) : null;
}

/**
 * A form message in the reader's language. The checks above answer the contract's English words (the server's own
 * schema says them, and `fieldsFor` and the order of messages go by them); the person reads the same text of their
 * catalogue. A message that is no text of the listing or offer sections (the server's answer, already in the reader's
 * language) stays as it is.
 */
export function listingMessageIn(message: string, texts: Catalogue): string {
  if (message === TOO_MANY_IMAGES) return fillText(texts.listing.tooManyImages, { max: MAX_LISTING_IMAGES });
  for (const section of ['listing', 'offers'] as const) {
    const english: Readonly<Record<string, unknown>> = messages[section];
    const key = Object.keys(english).find((name) => english[name] === message);
    const said = key === undefined ? undefined : (texts[section] as Readonly<Record<string, unknown>>)[key];
    if (typeof said === 'string') return said;
  }
  return message;
}

/** Which field a form message is about, so that field is marked invalid beside the banner. */
export type ListingField =
  'images' | 'title' | 'price' | 'minimumOffer' | 'location' | 'description' | 'category';
export function fieldsFor(message: string | null, values: ListingValues): ListingField[] {
  switch (message) {
    case null:
      return [];
    case L.imageType:
    case L.imageRequired:
      return ['images'];
    case L.fillFieldsProperly: {
      const fields: ListingField[] = [];
      if (!values.title.trim()) fields.push('title');
      if (!values.price.trim()) fields.push('price');
      return fields;
    }
    case L.pickupRequired:
      return ['location'];
    case L.priceInvalid:
    case L.priceRange:
      return ['price'];
    case messages.offers.minimumRange:
    case messages.offers.minimumNotBelowPrice:
      return ['minimumOffer'];
    case L.titleTooLong:
      return ['title'];
    case L.descriptionTooLong:
      return ['description'];
    case L.categoryInvalid:
      return ['category'];
    case TOO_MANY_IMAGES:
      return ['images'];
    default:
      return [];
  }
}

function appendFields(form: FormData, values: ListingValues): void {
  form.append('Title', values.title.trim());
  form.append('Description', values.description.trim());
  form.append('Price', values.price.trim());
  // Always sent: blank clears the lowest offer on an edit.
  form.append('MinimumOffer', values.minimumOffer.trim());
  form.append('Latitude', String(values.location?.latitude ?? ''));
  form.append('Longitude', String(values.location?.longitude ?? ''));
  if (values.categoryId) form.append('CategoryId', values.categoryId);
}

/** The multipart body of POST /api/Product/add (docs/product.md §3, §7): photos in the order the person arranged them. */
export function toCreateForm(values: ListingValues): FormData {
  const form = new FormData();
  appendFields(form, values);
  for (const image of values.images) form.append('Images', image.file);
  return form;
}

/** The multipart body of PUT /api/Product: ProductId, the fields, removed photos, then new photos. */
export function toUpdateForm(productId: number, values: ListingValues, removed: string[]): FormData {
  const form = new FormData();
  form.append('ProductId', String(productId));
  appendFields(form, values);
  for (const url of removed) form.append('ImagesToDelete', url);
  for (const image of values.images) form.append('Images', image.file);
  return form;
}
