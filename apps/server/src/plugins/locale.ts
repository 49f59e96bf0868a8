/**
 * The language a request is answered in (docs/product.md, "Languages"): the signed-in person's saved language,
 * else a visitor's choice in the browser (the `lang` cookie the web app sets), else the browser's Accept-Language,
 * else DEFAULT_LOCALE. Every answer's `message` and field messages are said in it on the way out: routes and
 * services throw and answer the contract's English texts, which the SPEC's clients read word for word.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseLocale, translateText, type Locale } from '@rummage/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    readonly locale: Locale;
  }
}

/** The cookie the web app keeps a visitor's language in. */
export const LANGUAGE_COOKIE = 'lang';

function languageCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(header)?.[1]?.trim();
}

/** The language of a request (an API call, or a hub's negotiate or upgrade) from a person who saved `saved`. */
export function localeOfRequest(
  headers: IncomingHttpHeaders,
  saved: Locale | null | undefined,
  defaultLocale: Locale,
): Locale {
  return chooseLocale({
    chosen: saved ?? languageCookie(headers.cookie),
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

/** An answer's `message` and field `errors` in `locale`; anything else is left as it is. */
export function sayAnswerIn(payload: unknown, locale: Locale, options: LocaleOptions): unknown {
  if (locale === 'en' || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const answer = payload as { message?: unknown; errors?: unknown };
  const said = { currency: options.currency };
  const hasMessage = typeof answer.message === 'string';
  const errors = answer.errors && typeof answer.errors === 'object' ? answer.errors : undefined;
  if (!hasMessage && !errors) return payload;
  return {
    ...answer,
    ...(hasMessage && { message: translateText(answer.message as string, locale, said) }),
    ...(errors && {
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, text]) => [
          field,
          typeof text === 'string' ? translateText(text, locale, said) : text,
        ]),
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
    // A callback hook: most answers are English, and those then cost no promise.
    app.addHook('preSerialization', (request, _reply, payload, done) => {
      done(null, sayAnswerIn(payload, request.locale, options));
    });
  },
  { name: 'locale' },
);
