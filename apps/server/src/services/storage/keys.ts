import { randomUUID } from 'node:crypto';

export type ImageKind = 'products' | 'profiles' | 'covers';
export type ImageVariant = 'large' | 'thumb';

const KINDS: ReadonlySet<string> = new Set<ImageKind>(['products', 'profiles', 'covers']);
const VARIANTS: ReadonlySet<string> = new Set<ImageVariant>(['large', 'thumb']);
const ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/**
 * One path segment: starts with a letter or digit, so `.`, `..` and hidden names (the local store's temporary
 * files start with a dot) can never be addressed; no separators, no encoding tricks.
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
/** Segments joined by single slashes, as one expression: every photo URL of every card passes here. */
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);

/** True for keys the stores accept: `a/b/c.webp`-like relative paths of safe segments. */
export function isValidImageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertValidImageKey(key: string): string {
  if (!isValidImageKey(key)) throw new TypeError(`invalid image key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

/** A fresh random id for a pair of renditions: pass it to newImageKey for both so they share a name. */
export const newImageId = (): string => randomUUID();

/**
 * `products/2026/11/<uuid>-large.webp`. The UUID (122 random bits) makes names unguessable, so a deleted or
 * private picture cannot be found by counting; the year/month folders keep any one directory small.
 */
export function newImageKey(kind: ImageKind, variant: ImageVariant, id: string = newImageId()): string {
  if (!KINDS.has(kind)) throw new TypeError(`unknown image kind: ${String(kind)}`);
  if (!VARIANTS.has(variant)) throw new TypeError(`unknown image variant: ${String(variant)}`);
  if (!ID_PATTERN.test(id)) throw new TypeError('image id must be 16–64 letters, digits or hyphens');
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${kind}/${now.getUTCFullYear()}/${month}/${id}-${variant}.webp`;
}
