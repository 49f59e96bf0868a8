/**
 * The forgiving search (docs/product.md §21): one rule for the feed and saved searches' alerts. A typed word finds a listing's word when, accents dropped and lower-cased, the two
 *  - stem alike in the installation's language (the `rummage` text search configuration, search/language.ts),
 *  - or differ by at most `allowedTypos(typed)` letters (left out, added, changed, or two swapped),
 *  - or are synonyms (synonyms/*.ts, every language's groups).
 * The typed words' typos are looked up in `search_words` (every word listings and saved searches used), nearest by
 * trigram distance first, and the search's full-text query gets each word's alternatives as ORs: `vintge & lamp`
 * becomes `(vintg | vintag) & lamp`. The words' own query stays the exact one, which ranks first, except that an
 * excluded word leaves out everything it would find: `chair & !sofa` reads `chair & !(sofa | couch | settee)` in
 * the exact part too (`excluding`), as the alerts read it (`listingAlternatives`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { categories, searchWords } from '../../../db/schema.js';
import { categoryWords } from '../feed.statement.js';
import { de } from './synonyms/de.js';
import { en } from './synonyms/en.js';
import { es } from './synonyms/es.js';
import { plainLetters } from '../../../lib/letters.js';

/** Runs a statement and answers its rows: the app's drizzle, or bench/feed's node-postgres pool. */
export type Rows = <T extends Record<string, unknown>>(statement: SQL) => Promise<T[]>;

/** Every catalogued language's synonym groups apply, whatever the installation's language. */
export const SYNONYM_GROUPS: Record<'en' | 'de' | 'es', readonly string[]> = { en, de, es };

/** How many of a word's spellings, nearest first by trigram distance, are checked for a typo. */
const NEAREST_SPELLINGS = 20;

/** Typos forgiven in a typed word: none up to 4 letters, 1 from 5, 2 from 9. */
export function allowedTypos(typed: string): number {
  const letters = [...typed].length;
  if (letters >= 9) return 2;
  return letters >= 5 ? 1 : 0;
}

/** Letters left out, added or changed, or two neighbours swapped, that turn `a` into `b` (optimal alignment). */
export function typoDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [
    i,
    ...Array<number>(t.length).fill(0),
  ]);
  for (let j = 0; j <= t.length; j++) d[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[s.length]![t.length]!;
}

/** A word's lexeme in the installation's language (null for a stop word). */
const lexemeOf = (word: SQL) => sql`(tsvector_to_array(to_tsvector('rummage'::regconfig, ${word})))[1]`;

/** The words of a text as typed, accents dropped and lower-cased (the word list's own spelling). */
const typedWords = (text: SQL) =>
  sql`(select distinct w from unnest(tsvector_to_array(to_tsvector('rummage_words'::regconfig, ${text}))) as w)`;

/** The nearest spellings of `word` in the word list, with their lexemes, as a JSON array. */
const nearest = (word: SQL) =>
  sql`array(select json_build_object('word', v.word, 'lexeme', ${lexemeOf(sql`v.word`)}) from ${searchWords} v
    order by v.word <-> ${word} limit ${sql.raw(String(NEAREST_SPELLINGS))})`;

/**
 * A listing's word's spellings that a saved search typed: the nearest of those within two letters of its length (no
 * more typos are forgiven, so no other length can be one), more of them than a typed word's. Nearest among all, a
 * common word's look-alikes ("sideboards", "sideboarding", "sideboarda", …) pushed a saved "sideborad" out of the few
 * looked at, and the alert missed a listing the feed finds (the feed looks from the typed word's side). Only the
 * saved searches' words are looked at, in their own index: no other spelling can match a saved search, and the
 * whole word list made this cost 0.3–1.8 s for a 31-word listing on PostgreSQL (docs/benchmarks-history.md, `bench/alerts`).
 */
const LISTING_SPELLINGS = 50;
const savedNearOfLength = (word: SQL) =>
  sql`array(select json_build_object('word', v.word, 'lexeme', ${lexemeOf(sql`v.word`)}) from ${searchWords} v
    where v.in_saved_searches and abs(length(v.word) - length(${word})) <= 2
    order by v.word <-> ${word} limit ${sql.raw(String(LISTING_SPELLINGS))})`;

interface Spelling {
  word: string;
  lexeme: string | null;
}

interface TypedWord extends Spelling {
  near: Spelling[] | null;
}

/**
 * Lexeme → the lexemes of its synonyms, made once: the installation's stemming changes only at start-up, before
 * any search (`forgetSynonymLexemes`, search/language.ts).
 */
let synonymCache: Promise<Map<string, Set<string>>> | undefined;

function synonymLexemes(rows: Rows): Promise<Map<string, Set<string>>> {
  if (!synonymCache) {
    const loading = loadSynonyms(rows);
    synonymCache = loading;
    loading.catch(() => {
      if (synonymCache === loading) synonymCache = undefined;
    });
  }
  return synonymCache;
}

/** The synonyms' lexemes are made again with the next search (the stemming language changed). */
export function forgetSynonymLexemes(): void {
  synonymCache = undefined;
}

async function loadSynonyms(rows: Rows): Promise<Map<string, Set<string>>> {
  const groups = Object.values(SYNONYM_GROUPS).flatMap((lines) => lines.map((line) => line.split(/\s+/)));
  const words = [...new Set(groups.flat())];
  const stems = await rows<{ word: string; lexeme: string | null }>(
    sql`select w as word, ${lexemeOf(sql`w`)} as lexeme from json_array_elements_text(${JSON.stringify(words)}::json) as w`,
  );
  const lexemes = new Map(stems.map((row) => [row.word, row.lexeme]));
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const stemmed = group.map((word) => lexemes.get(word)).filter((lexeme): lexeme is string => !!lexeme);
    for (const lexeme of stemmed) {
      const others = map.get(lexeme) ?? new Set<string>();
      for (const other of stemmed) if (other !== lexeme) others.add(other);
      map.set(lexeme, others);
    }
  }
  return map;
}

/** The typo spellings of `typed` among its nearest ones: within its allowed typos, not itself. */
function typos(typed: string, near: Spelling[] | null): Spelling[] {
  const allowed = allowedTypos(typed);
  if (allowed === 0 || !near) return [];
  return near.filter((s) => s.word !== typed && typoDistance(typed, s.word) <= allowed);
}

/** Safe to write between quotes in a tsquery's text without escaping. */
const plainLexeme = (lexeme: string) => !/['\\]/.test(lexeme);

export interface SearchQueries {
  /** The typed words' own full-text query (tsquery text). */
  exact: string;
  /** The exact query with each word's typos and synonyms as alternatives; null when no word has any. */
  fuzzy: string | null;
  /**
   * The exact query with only its excluded words (`-word`) widened by their typos and synonyms, the query the exact
   * part of a page reads: "chair -sofa" leaves out a "chair couch" as the forgiving query and the alerts do. Null
   * when no excluded word has any.
   */
  excluding: string | null;
}

/**
 * Whether the search may exclude words (web-search syntax's `-word`): a hyphen not right after a letter or digit.
 * PostgreSQL reads one as NOT only after a space or the start (punctuation between aside); inside a word
 * ("mid-century", "42-inch") never. A search without one is read without asking for its words' alternatives first.
 */
export function mayExclude(search: string): boolean {
  return /(^|[^\p{L}\p{N}])-/u.test(search);
}

/**
 * A tsquery's text with its lexemes' alternatives ORed in: every lexeme's, or (`excludedOnly`) those under a NOT
 * (`!'sofa'`, `!( 'old' <-> 'sofa' )`); null when none has any.
 */
function widened(
  query: string,
  alternatives: Map<string, Set<string>>,
  excludedOnly: boolean,
): string | null {
  let changed = false;
  // Whether each open parenthesis is under a NOT (an odd number of them), outermost first; `not` holds the NOTs
  // before an operand until it comes ("--sofa" is `!!'sofa'`, which excludes nothing).
  const negated = [false];
  let not = false;
  const text = query.replace(/'((?:[^'\\]|''|\\.)*)'|[!()]/g, (token, lexeme: string | undefined) => {
    if (token === '!') {
      not = !not;
      return token;
    }
    if (token === '(') {
      negated.push(not !== negated.at(-1)!);
      not = false;
      return token;
    }
    if (token === ')') {
      negated.pop();
      return token;
    }
    const excluded = not !== negated.at(-1)!;
    not = false;
    if (lexeme === undefined || !plainLexeme(lexeme) || (excludedOnly && !excluded)) return token;
    const others = [...(alternatives.get(lexeme) ?? [])].filter(plainLexeme);
    if (others.length === 0) return token;
    changed = true;
    return `( ${[token, ...others.map((other) => `'${other}'`)].join(' | ')} )`;
  });
  return changed ? text : null;
}

/**
 * The search's exact and forgiving full-text queries, in one statement (the typed words, their lexemes and their
 * nearest spellings).
 */
export async function searchQueries(rows: Rows, search: string): Promise<SearchQueries> {
  const [row] = await rows<{ query: string; words: TypedWord[] }>(
    sql`select websearch_to_tsquery('rummage'::regconfig, ${search}::text)::text as query,
      coalesce((select json_agg(json_build_object('word', t.w, 'lexeme', ${lexemeOf(sql`t.w`)},
        'near', case when length(t.w) >= 5 then ${nearest(sql`t.w`)} end))
        from ${typedWords(sql`${search}::text`)} as t), '[]'::json) as words`,
  );
  const exact = row?.query ?? '';
  const synonyms = await synonymLexemes(rows);
  const alternatives = new Map<string, Set<string>>();
  for (const typed of row?.words ?? []) {
    if (!typed.lexeme) continue;
    const found = alternatives.get(typed.lexeme) ?? new Set<string>();
    for (const typo of typos(typed.word, typed.near)) if (typo.lexeme) found.add(typo.lexeme);
    for (const synonym of synonyms.get(typed.lexeme) ?? []) found.add(synonym);
    found.delete(typed.lexeme);
    alternatives.set(typed.lexeme, found);
  }
  return {
    exact,
    fuzzy: widened(exact, alternatives, false),
    excluding: exact.includes('!') ? widened(exact, alternatives, true) : null,
  };
}

/** The lexemes a listing's text stands for besides its own, for matching saved searches' stored queries against it. */
export interface ListingAlternatives {
  /** Its title's and description's words' typo spellings and synonyms. */
  words: string[];
  /** Its category's title's (the feed matches a category's title apart from the listing's text). */
  category: string[];
}

/**
 * The lexemes a listing's words stand for besides their own, for matching saved searches' stored queries against
 * it: the spellings saved searches typed a typo away from one of its words (measured by the typed spelling's length,
 * as `searchQueries` does), and its lexemes' synonyms; the same for its category's title, apart. A saved search's
 * words are in the word list from when it was saved, so "vintge" is found next to a new listing's "vintage", and
 * "furnture" next to its category's "Furniture".
 */
export async function listingAlternatives(rows: Rows, productId: number): Promise<ListingAlternatives> {
  const [row] = await rows<{
    lexemes: string[] | null;
    categoryLexemes: string[] | null;
    words: TypedWord[];
    categoryWords: TypedWord[];
  }>(
    sql`select (select tsvector_to_array(p.search) from products p where p.id = ${productId}) as lexemes,
      (select tsvector_to_array(${categoryWords}) from products p
        join ${categories} on ${categories.id} = p.category_id where p.id = ${productId}) as "categoryLexemes",
      coalesce((select json_agg(json_build_object('word', t.w, 'near', ${savedNearOfLength(sql`t.w`)}))
        from (select w from products p, rummage_search_words(p.title || ' ' || p.description) as w
          where p.id = ${productId}) as t), '[]'::json) as words,
      coalesce((select json_agg(json_build_object('word', t.w, 'near', ${savedNearOfLength(sql`t.w`)}))
        from (select w from products p join ${categories} on ${categories.id} = p.category_id,
          rummage_search_words(${categories.title}) as w where p.id = ${productId}) as t), '[]'::json) as "categoryWords"`,
  );
  const synonyms = await synonymLexemes(rows);
  const others = (lexemes: string[] | null, words: TypedWord[]): string[] => {
    const own = new Set(lexemes ?? []);
    const extra = new Set<string>();
    for (const word of words) {
      for (const spelling of word.near ?? []) {
        if (!spelling.lexeme || spelling.word === word.word) continue;
        if (typoDistance(spelling.word, word.word) <= allowedTypos(spelling.word)) extra.add(spelling.lexeme);
      }
    }
    for (const lexeme of own) for (const synonym of synonyms.get(lexeme) ?? []) extra.add(synonym);
    for (const lexeme of own) extra.delete(lexeme);
    return [...extra];
  };
  return {
    words: others(row?.lexemes ?? null, row?.words ?? []),
    category: others(row?.categoryLexemes ?? null, row?.categoryWords ?? []),
  };
}

/**
 * The lock between marking a saved search's words (`listSearchWordsStatement`, shared) and the purge that unmarks
 * the words no saved search types any more (`unmarkUnsavedWords`, alone): a sweep that had not yet seen a search
 * saved meanwhile would otherwise unmark its words, and its alerts would miss those words' typos.
 */
export const SAVED_WORDS_LOCK = sql`hashtext('rummage.saved-search-words')`;

/**
 * Puts a saved search's words in the word list, so new listings' words can be measured against them. It takes
 * SAVED_WORDS_LOCK shared, held to the end of its transaction: run it in the saved search's own.
 */
export function listSearchWordsStatement(search: string): SQL {
  return sql`with locked as (select pg_advisory_xact_lock_shared(${SAVED_WORDS_LOCK}))
    insert into ${searchWords} (word, in_saved_searches)
    select w, true from locked, rummage_search_words(${search}::text) as w
    on conflict (word) do update set in_saved_searches = true where not ${searchWords}.in_saved_searches`;
}

/**
 * The nearest spelling some listing used of each typed word no listing used (none when none is within a trigram
 * similarity of 0.3, pg_trgm's own threshold): the words "Did you mean" puts in the search's place.
 */
export async function nearestListedSpellings(rows: Rows, search: string): Promise<Map<string, string>> {
  const found = await rows<{ word: string; nearest: string | null }>(
    sql`select t.w as word, (select v.word from ${searchWords} v
        where v.in_listings and similarity(v.word, t.w) >= 0.3 order by v.word <-> t.w limit 1) as nearest
      from ${typedWords(sql`${search}::text`)} as t
      where length(t.w) >= 3
        and not exists (select 1 from ${searchWords} s where s.word = t.w and s.in_listings)`,
  );
  return new Map(found.filter((row) => row.nearest).map((row) => [row.word, row.nearest!]));
}

/**
 * The search with its words replaced by the given spellings, keeping everything else typed (quotes, `or`, `-`);
 * null when nothing changed.
 */
export function respelled(search: string, spellings: Map<string, string>): string | null {
  let changed = false;
  const text = search.replace(/[\p{L}\p{N}]+/gu, (word) => {
    // As the word list spells it (`unaccent`): accents dropped, lower case, "ß" as "ss".
    const spelling = spellings.get(plainLetters(word));
    if (!spelling) return word;
    changed = true;
    return spelling;
  });
  return changed ? text : null;
}
