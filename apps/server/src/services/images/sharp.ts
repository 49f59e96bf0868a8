import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp and libvips, loaded by the first photo rather than at start-up: importing them costs 150–250 ms and about
 * 30 MB resident, which a restart would otherwise pay before its first answer and an idle server would hold.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips caches operations so repeated work on the same file is fast; photos are never repeated, so the
    // cache would only hold memory (up to 50 MB by default).
    sharp.cache(false);
    return sharp;
  }));
}
