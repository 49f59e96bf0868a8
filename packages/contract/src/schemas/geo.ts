import { z } from 'zod';
import { SUGGESTION_LIMIT } from '../constants.js';

export const citySuggestionsQuerySchema = z.object({
  q: z.string().max(100).optional().default(''),
  limit: z.coerce.number().int().min(1).max(SUGGESTION_LIMIT.max).optional().default(SUGGESTION_LIMIT.max),
});

export const citySuggestionSchema = z.object({
  name: z.string(),
  state: z.string(),
  /** "City, ST": the address text a person chooses (never with ", USA"). */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;
export const citySuggestionsResponseSchema = z.object({ data: z.array(citySuggestionSchema) });

export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number().finite().min(-90).max(90),
  lng: z.coerce.number().finite().min(-180).max(180),
});
export const reverseGeocodeResponseSchema = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type ReverseGeocode = z.infer<typeof reverseGeocodeResponseSchema>;
