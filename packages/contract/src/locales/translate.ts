/**
 * Every language's catalogue, and the step that says an English text of the contract in another language.
 *
 * The server throws and stores the English texts of `messages` (some filled with `fillText`): the SPEC's clients
 * read them word for word, and a notification entry is written once for whoever reads it later. What a person
 * reads is said in their language on the way out: the English text is found in the catalogue (a filled one by a
 * pattern made from its template), and the same path of their catalogue is filled with the same values.
 */
import { formatPrice } from '../format.js';
import { DEFAULT_LOCALE, type Locale } from '../locale.js';
import { fillText, messages } from '../messages.js';
import type { Catalogue } from './catalogue.js';
import { de } from './de.js';
import { es } from './es.js';

const CATALOGUES: Record<Locale, Catalogue> = { en: messages, de, es };

/** The texts of a language. */
export function textsFor(locale: Locale): Catalogue {
  return CATALOGUES[locale];
}

/**
 * Placeholders whose values may themselves be texts of the catalogue ("tomorrow at {time}", "Deleted user", "your
 * saved search"), said in the reader's language too. Only a value of several words is looked up: a username is one
 * word, and a person called "Release" keeps their name. Other values (titles, what people wrote) stay as they are.
 */
const TEXT_VALUES = new Set(['when', 'name', 'search', 'place', 'kind']);
/**
 * Placeholders that hold a price, written in English (`formatPrice(amount, 'en', currency)`): every `{amount}`, and
 * the offers' `{max}`.
 */
const isPrice = (path: Path, name: string) => name === 'amount' || (name === 'max' && path[0] === 'offers');
/** Placeholders that hold a number: matched as one, so "3 people liked …" is never read as a name. */
const NUMBER_VALUES = new Set(['count']);
/**
 * A listing's or a sale's title may hold the template's own words ("Desk for kids" in "You reserved {title} for
 * {name}", "Sale starts early" in "{title} starts {when}."): taken as long as the rest still matches, since what
 * follows a title (a username, "Deleted user", a time) never holds them. Other values are taken as short as they can.
 */
const GREEDY_VALUES = new Set(['title']);

type Path = readonly string[];

interface Template {
  path: Path;
  names: string[];
  pattern: RegExp;
}

interface Index {
  exact: Map<string, Path>;
  templates: Template[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(path: Path, text: string): Template & { literal: number } {
  const names: string[] = [];
  let source = '';
  let literal = 0;
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const before = text.slice(last, match.index);
    source += escapeRegExp(before);
    literal += before.length;
    const name = match[1] ?? '';
    const seen = names.indexOf(name);
    if (seen >= 0) source += `\\${seen + 1}`;
    else {
      names.push(name);
      source += NUMBER_VALUES.has(name)
        ? '(\\d[\\d.,]*)'
        : GREEDY_VALUES.has(name)
          ? '([\\s\\S]+)'
          : '([\\s\\S]+?)';
    }
    last = match.index + match[0].length;
  }
  const after = text.slice(last);
  source += escapeRegExp(after);
  literal += after.length;
  return { path, names, pattern: new RegExp(`^${source}$`), literal };
}

/**
 * Whether a template has words of its own to be known by: "{title} - {product}" or "{value} km" has not, and what
 * a person wrote ("ikea - billy" in a saved search's name) could read like it. Such texts are the web's own (page
 * titles, units), never thrown or stored by the server, so they are not looked for.
 */
export function wordsOfItsOwn(template: string): boolean {
  return (template.replace(/\{\w+\}/g, '').match(/\p{L}/gu)?.length ?? 0) >= 3;
}

let index: Index | undefined;

/** The English texts by their words, built once on first use. The first path of a text said twice wins. */
function englishIndex(): Index {
  if (index) return index;
  const exact = new Map<string, Path>();
  const templates: Array<Template & { literal: number }> = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (!exact.has(node)) exact.set(node, path);
      if (/\{\w+\}/.test(node) && wordsOfItsOwn(node)) templates.push(templateOf(path, node));
      return;
    }
    if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(messages, []);
  // The template with the most words of its own is the most particular: "{count} people liked {title}" is tried
  // before "{name} liked {title}".
  templates.sort((a, b) => b.literal - a.literal);
  index = { exact, templates };
  return index;
}

function textAt(catalogue: Catalogue, path: Path): string | undefined {
  let node: unknown = catalogue;
  for (const key of path)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export interface TranslateOptions {
  /** The installation's currency (ISO 4217), for prices inside texts; USD unless said. */
  currency?: string;
}

/** An English price as `formatPrice(…, 'en', currency)` wrote it ("$1,234.50", "€12"), back to its number. */
function priceOf(english: string): number | undefined {
  const digits = english.replace(/[^\d.-]/g, '');
  const value = Number(digits);
  return digits !== '' && Number.isFinite(value) ? value : undefined;
}

/**
 * An English text of the contract, as it is thrown, stored or filled, said in `locale`. A text the catalogue does
 * not hold (what a person wrote, a name) comes back unchanged.
 */
export function translateText(text: string, locale: Locale, options: TranslateOptions = {}): string {
  if (locale === DEFAULT_LOCALE) return text;
  return translateWith(text, CATALOGUES[locale], locale, options);
}

/** `translateText` into a given catalogue; `locale` formats the prices in it. */
export function translateWith(
  text: string,
  target: Catalogue,
  locale: string,
  options: TranslateOptions = {},
): string {
  const { exact, templates } = englishIndex();
  const path = exact.get(text);
  if (path) return textAt(target, path) ?? text;
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const said = textAt(target, template.path);
    if (said === undefined) return text;
    const values: Record<string, string> = {};
    template.names.forEach((name, position) => {
      const value = match[position + 1] ?? '';
      const price = isPrice(template.path, name) ? priceOf(value) : undefined;
      values[name] =
        price !== undefined
          ? formatPrice(price, locale, options.currency ?? 'USD')
          : TEXT_VALUES.has(name) && /\s/.test(value)
            ? translateWith(value, target, locale, options)
            : value;
    });
    return fillText(said, values);
  }
  return text;
}
