/**
 * The kinds of value an environment variable holds (config.ts): each one parses the text the operator wrote and,
 * when it is wrong, says in words what it must be, so a start-up error names the variable and the fix.
 */
import { z } from 'zod';
import { decodeBase64Url } from '@rummage/contract';

export const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A number that may have a fraction (`0.0005` days), so tests can let a window of days close in seconds. */
export const decimal = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d+(\.\d+)?$/.test(value.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number from ${min} to ${max}, a fraction allowed (got "${value}")`,
        });
        return z.NEVER;
      }
      return n;
    });

/** true/false (1/0, yes/no, on/off); without a fallback an unset variable stays undefined. */
export const bool = <T extends boolean | undefined = undefined>(fallback?: T) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback as T;
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    });

export const url = (protocols: string[], what: string) =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be ${what}` },
    );

export const text = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

export const BUCKET_RULE = 'must be 3–63 lowercase letters, digits, dots or hyphens';

/** A VAPID key: base64url of exactly `length` bytes (a public key also starts with 0x04, uncompressed). */
export const base64UrlBytes = (length: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        const bytes = decodeBase64Url(value);
        return bytes?.length === length && (length !== 65 || bytes[0] === 4);
      },
      { message: `must be base64url of ${what} (npx web-push generate-vapid-keys)` },
    );
