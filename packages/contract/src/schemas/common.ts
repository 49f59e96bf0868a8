import { z } from 'zod';
import { fillText } from '../messages.js';
import { requestMessages } from '../request-messages.js';

/** The error body of every 4xx/5xx answer: one readable message, plus per-field messages for forms. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** PUT /api/Product's refusals also carry the text as `error`: the client of docs/product.md §7 reads that field. */
export const updateErrorBodySchema = errorBodySchema.extend({ error: z.string() });

export const messageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBodySchema>;

/** Numeric ids arrive as path segments; anything but a positive integer is a 4xx, never a 500. */
const idMessage = requestMessages.idInvalid;
export const idSchema = z.coerce
  .number({ error: idMessage })
  .int({ error: idMessage })
  .positive({ error: idMessage })
  .max(Number.MAX_SAFE_INTEGER, { error: idMessage });
export const idParamsSchema = z.object({ id: idSchema });

const pageMessage = requestMessages.pageInvalid;
/** `page` of a paged list (query text), 1 when absent. */
export const pageNumberSchema = z.coerce
  .number({ error: pageMessage })
  .int({ error: pageMessage })
  .min(1, { error: pageMessage })
  .max(10_000, { error: pageMessage })
  .optional()
  .default(1);

/** `pageSize` of a paged list (query text): a whole number from 1 to `max`, `fallback` when absent. */
export function pageSizeSchema(max: number, fallback: number) {
  const message = fillText(requestMessages.pageSizeRange, { max });
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .optional()
    .default(fallback);
}

export const latitudeSchema = z.number().finite().min(-90).max(90);
export const longitudeSchema = z.number().finite().min(-180).max(180);

/**
 * Turns a zod error into `{ field: firstMessage }`, the shape forms show beside their fields.
 * The first issue of each field wins, so rules are listed in the order a person should fix them.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first message of a zod error: what a banner shows when only one line fits. */
export function firstErrorMessage(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
