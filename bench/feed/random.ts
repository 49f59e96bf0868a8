/**
 * A fixed pseudo-random sequence (mulberry32), so every run of a bench gets the same rows, listings, messages and
 * photos. A module of its own: the data sets that use it load the gazetteer or the database client when imported.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
