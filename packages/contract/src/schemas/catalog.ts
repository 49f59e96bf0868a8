import { z } from 'zod';

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigResponseSchema = z.object({ data: publicConfigSchema });
