import { plainLetters } from '../../lib/letters.js';

/**
 * Text normalisation shared by the index builder and the query side, so that "St. Louis", "saint louis"
 * and "ST LOUIS" all meet on the same key, and "Española" is found by "espanola".
 */

/** Words that people abbreviate either way; places are indexed under both spellings. */
const SHORT_OF: Readonly<Record<string, string>> = {
  saint: 'st',
  sainte: 'ste',
  fort: 'ft',
  mount: 'mt',
};
const LONG_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SHORT_OF).map(([long, short]) => [short, long]),
);

const ABBREVIABLE = /\b(?:saint|sainte|fort|mount|st|ste|ft|mt)\b/;

/**
 * Lowercase, strip accents, spell ß, ø, ł and the like as people type them (plainLetters), drop apostrophes and
 * the Hawaiian ʻokina (people type "kapaa" for "Kapaʻa"), turn any other punctuation into a space and collapse
 * spaces.
 */
export function normalizeText(text: string): string {
  // Plain ASCII (nearly every name and query) skips the Unicode passes: 3–4× faster.
  if (/^[\x20-\x7e]*$/.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return plainLetters(text)
    .replace(/['‘’`ʻ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every word in its short form ("saint louis" → "st louis"). */
export function shortForm(normalized: string): string {
  if (!ABBREVIABLE.test(normalized)) return normalized;
  return normalized
    .split(' ')
    .map((w) => SHORT_OF[w] ?? w)
    .join(' ');
}

/** Every word in its long form ("ft worth" → "fort worth"). */
export function longForm(normalized: string): string {
  if (!ABBREVIABLE.test(normalized)) return normalized;
  return normalized
    .split(' ')
    .map((w) => LONG_OF[w] ?? w)
    .join(' ');
}

/**
 * The spellings a place name is indexed under. Both forms are kept (rather than folding queries to one)
 * so that a half-typed word still prefix-matches: "for" must find "Fort Worth", "st. lo" must find
 * "Saint Louis Park".
 */
export function nameKeys(name: string): string[] {
  const n = normalizeText(name);
  if (!ABBREVIABLE.test(n)) return [n];
  return [...new Set([n, shortForm(n), longForm(n)])];
}

/**
 * Key for comparing two names for equality across sources (USPS "Mc Lean"/"Saint Louis" against GeoNames
 * "McLean"/"St. Louis"): short form with spaces removed.
 */
export function matchKey(name: string): string {
  return compactKey(normalizeText(name));
}

/** matchKey of an already normalised name. */
export function compactKey(normalized: string): string {
  return shortForm(normalized).replace(/ /g, '');
}
