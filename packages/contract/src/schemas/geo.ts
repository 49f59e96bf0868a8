import { z } from 'zod';
import { SUGGESTION_LIMIT } from '../constants.js';
import { fillText, messages } from '../messages.js';

/** Query-string numbers: a blank value counts as missing (coercion would otherwise read it as 0). */
const queryNumber = (schema: z.ZodType<number, unknown>) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const limitMessage = fillText(messages.request.limitRange, { max: SUGGESTION_LIMIT.max });

export const citySuggestionsQuerySchema = z.object({
  q: z.string().max(100, { error: messages.request.searchTooLong }).optional().default(''),
  limit: queryNumber(
    z.coerce
      .number({ error: limitMessage })
      .int({ error: limitMessage })
      .min(1, { error: limitMessage })
      .max(SUGGESTION_LIMIT.max, { error: limitMessage })
      .default(SUGGESTION_LIMIT.max),
  ),
});

export const citySuggestionSchema = z.object({
  /** GeoNames' name of the place, the same for every reader ("Munich"); `label` names it in the reader's language. */
  name: z.string(),
  /** The state's two letters, for places in the US only. */
  state: z.string().optional(),
  /** The first-order division: the state's two letters in the US, else its name ("Bavaria"), or ''. */
  region: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** The country's name in the reader's language (Accept-Language). */
  countryName: z.string(),
  /**
   * The address text a person chooses: "City, ST" in the US (never with ", USA"), else "City, Country" with the
   * country in the reader's language ("Berlin, Deutschland"), and the city too where the data knows its name in it
   * ("München, Deutschland"; docs/product.md §22).
   */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;
export const citySuggestionsResponseSchema = z.object({ data: z.array(citySuggestionSchema) });

const { latInvalid: latMessage, lngInvalid: lngMessage } = messages.request;
export const reverseGeocodeQuerySchema = z.object({
  lat: queryNumber(
    z.coerce.number({ error: latMessage }).min(-90, { error: latMessage }).max(90, { error: latMessage }),
  ),
  lng: queryNumber(
    z.coerce.number({ error: lngMessage }).min(-180, { error: lngMessage }).max(180, { error: lngMessage }),
  ),
});
export const reverseGeocodeResponseSchema = z.object({
  /** GeoNames' name of the city, the same for every reader (as a suggestion's `name`); null when no place is near. */
  city: z.string().nullable(),
  /** The state's two letters in the US; null elsewhere. */
  state: z.string().nullable(),
  /** ISO 3166-1 alpha-2; null when no place is near. */
  country: z.string().nullable(),
  /** "City, ST" or "City, Country" in the reader's language, as the suggestions label it; null when no place is near. */
  label: z.string().nullable(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeResponseSchema>;
