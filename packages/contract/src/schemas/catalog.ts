import { z } from 'zod';
import { DISTANCE_UNITS, LOCALES } from '../locale.js';

export const categorySchema = z.object({ id: z.number().int(), title: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) });

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'hcaptcha', 'recaptcha', 'none'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** What the browser needs to know about this installation; nothing secret. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  captcha: z.object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    siteKey: z.string().optional(),
    challengeUrl: z.string().optional(),
  }),
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** The installation's language, used when a person has chosen none and their browser asks for none we have. */
  defaultLocale: z.enum(LOCALES),
  /** ISO 4217: every price is in it. */
  currency: z.string(),
  /** How distances and the radius read; the API keeps `radiusKm`. */
  distanceUnit: z.enum(DISTANCE_UNITS),
  /** ISO 3166-1 alpha-2: phone numbers' default country and the bias of place search. */
  defaultCountry: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigResponseSchema = z.object({ data: publicConfigSchema });

/** GET /manifest.webmanifest: the web app manifest (W3C Web Application Manifest), not in the data envelope. */
export const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  id: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});
export type WebManifest = z.infer<typeof webManifestSchema>;
