/** Placeholders the SPEC mentions (§3: "defaults exist for cover placeholder and user image"). */
export const DEFAULT_USER_IMAGE = '/images/default-user.svg';
export const DEFAULT_COVER_IMAGE = '/images/default-cover.svg';
export const PRODUCT_PLACEHOLDER_IMAGE = '/images/product-placeholder.svg';
export const EMPTY_STORE_IMAGE = '/images/empty-store.svg';

/**
 * Relative image paths from the API get the API base prefixed (docs/product.md §3). The API is served from the
 * same origin as the app, so the base is the site root; absolute URLs pass through unchanged.
 */
export function assetUrl(path: string | null | undefined, fallback: string): string {
  if (!path) return fallback;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
}
