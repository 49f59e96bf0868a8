/**
 * The language a request is answered in (docs/product.md, "Languages"): the signed-in person's saved language,
 * else a visitor's choice in the browser (the `lang` cookie the web app sets), else the browser's Accept-Language,
 * else DEFAULT_LOCALE. Every answer's `message` and field messages are said in it on the way out: routes and
 * services throw and answer the contract's English texts, which the SPEC's clients read word for word.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseLocale, chosenLocaleFromCookies, translateText, type Locale } from '@rummage/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    readonly locale: Locale;
  }
}

/** The language of a request (an API call, or a hub's negotiate or upgrade) from a person who saved `saved`. */
export function localeOfRequest(
  headers: IncomingHttpHeaders,
  saved: Locale | null | undefined,
  defaultLocale: Locale,
): Locale {
  return chooseLocale({
    chosen: saved ?? chosenLocaleFromCookies(headers.cookie),
    acceptLanguage: headers['accept-language'],
    defaultLocale,
  });
}

export interface LocaleOptions {
  defaultLocale: Locale;
  /** The installation's currency, for prices inside messages. */
  currency: string;
}

/** Says the contract's English texts in `locale`, prices in the installation's currency. */
export function sayerFor(locale: Locale, options: LocaleOptions): (text: string) => string {
  return (text) => translateText(text, locale, { currency: options.currency });
}

interface Worded {
  message?: unknown;
  errors?: unknown;
}

/** An answer with words of ours in it: a `message`, or field `errors`. */
function wordsOf(payload: unknown): Worded | undefined {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const answer = payload as Worded;
  return typeof answer.message === 'string' || (answer.errors && typeof answer.errors === 'object')
    ? answer
    : undefined;
}

/** An answer's `message` and field `errors` said in `locale`; anything else is left as it is. */
function sayAnswerIn(answer: Worded, locale: Locale, options: LocaleOptions): Worded {
  const say = sayerFor(locale, options);
  const { message, errors } = answer;
  const fields = errors && typeof errors === 'object' ? Object.entries(errors) : undefined;
  return {
    ...answer,
    ...(typeof message === 'string' && { message: say(message) }),
    ...(fields && {
      errors: Object.fromEntries(
        fields.map(([field, text]) => [field, typeof text === 'string' ? say(text) : text]),
      ),
    }),
  };
}

export const localePlugin = fp<LocaleOptions>(
  async (app, options) => {
    // Read when the answer is sent, so a language saved by this very request is the one it is answered in.
    app.decorateRequest('locale', {
      getter(this: FastifyRequest): Locale {
        return localeOfRequest(this.headers, this.user?.language, options.defaultLocale);
      },
    });
    // A callback hook, and the language decided only for an answer with words: the feed and the other hot reads
    // carry none, and cost no promise and no header parsing.
    app.addHook('preSerialization', (request, _reply, payload, done) => {
      const answer = wordsOf(payload);
      const locale = answer ? request.locale : 'en';
      done(null, answer && locale !== 'en' ? sayAnswerIn(answer, locale, options) : payload);
    });
  },
  { name: 'locale' },
);
