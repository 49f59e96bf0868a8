/**
 * The installation's language in the search (docs/product.md §21): migration 0024 makes the `rummage` text search
 * configuration with English stems; an installation speaking German or Spanish (`DEFAULT_LOCALE`) gets that
 * language's stemmer at start-up, and the words stored with the other one are made again.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '@rummage/contract';
import { queryRows, type Database } from '../../../db/client.js';
import { forgetSynonymLexemes } from './forgiving.js';

/** PostgreSQL's snowball stemmer of each catalogued language (in PGlite and PostgreSQL alike). */
const STEMMERS: Record<Locale, string> = { en: 'english_stem', de: 'german_stem', es: 'spanish_stem' };

/** The token types that hold words (the ones migration 0024 maps). */
const WORD_TOKENS = 'asciiword, asciihword, hword_asciipart, word, hword, hword_part';

/** The stemmer `rummage` uses now: the dictionary after `unaccent` for plain words. */
async function currentStemmer(db: Database): Promise<string | undefined> {
  const [row] = await queryRows<{ stemmer: string }>(
    db,
    sql`select d.dictname as stemmer from pg_ts_config_map m join pg_ts_dict d on d.oid = m.mapdict
      where m.mapcfg = 'rummage'::regconfig and m.mapseqno = 2
        and m.maptokentype = (select tokid from ts_token_type('default') where alias = 'asciiword')`,
  );
  return row?.stemmer;
}

/**
 * Makes the search stem in `locale`; answers whether it changed. The listings' and saved searches' stored words are
 * recomputed in the same transaction (an update rewrites the generated columns), which at a million listings takes
 * minutes, once, when the installation changes language.
 */
export async function useSearchLanguage(db: Database, locale: Locale): Promise<boolean> {
  const stemmer = STEMMERS[locale];
  if ((await currentStemmer(db)) === stemmer) return false;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(
        `alter text search configuration rummage alter mapping for ${WORD_TOKENS} with unaccent, ${stemmer}`,
      ),
    );
    await tx.execute(sql`update products set title = title`);
    await tx.execute(sql`update saved_searches set search = search where search is not null`);
  });
  forgetSynonymLexemes();
  return true;
}
