/**
 * The one-click unsubscribe of notification e-mail (RFC 8058): `POST /api/Notifications/unsubscribe?token=…`
 * with no session switches that kind of e-mail off for the person the signed token names. `GET` the same URL
 * only asks (a page with a button that POSTs, or JSON): mail scanners follow links, so a GET never unsubscribes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  fillText,
  messages,
  textsFor,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  type EmailUnsubscribeKind,
  type Locale,
} from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import { HttpError } from '../../../lib/http-error.js';
import { refusalResponses } from '../../../plugins/errors.js';
import { access } from '../../../plugins/openapi.js';
import type { NotificationPreferencesService } from '../preferences.service.js';
import { escapeHtml } from './email.content.js';
import { findRecipient } from './email.repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

const N = messages.notifications;
const tags = ['Notifications'];

const KIND_NAMES = {
  messages: 'kindMessages',
  support: 'kindSupport',
  reservations: 'kindReservations',
  savedSearches: 'kindSavedSearches',
  offers: 'kindOffers',
} as const satisfies Record<EmailUnsubscribeKind, keyof typeof N>;

export interface UnsubscribeRoutesOptions {
  db: Database;
  tokens: UnsubscribeTokens;
  preferences: NotificationPreferencesService;
  productName: string;
}

/** A browser (the link in the e-mail's footer) gets a page; a mail app or a script gets JSON. */
const wantsPage = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

/** The page in the language of the browser that opened the link (plugins/locale.ts). */
function page(reply: FastifyReply, locale: Locale, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

export const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (app, options) => {
  const { db, tokens, preferences, productName } = options;
  // RFC 8058: mail apps POST `List-Unsubscribe=One-Click` form-encoded (or as multipart/form-data). The token in
  // the URL is what counts, so the body is read only to be accepted. Scoped to these routes.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function verified(token: string) {
    const found = await tokens.verify(token);
    if (!found) throw new HttpError(400, N.unsubscribeInvalid);
    return found;
  }

  const schema = {
    tags,
    querystring: unsubscribeQuerySchema,
    security: access.anyone,
    response: { 200: unsubscribeResponseSchema, ...refusalResponses },
  };

  app.get(
    API.notifications.unsubscribe,
    {
      schema: {
        ...schema,
        operationId: 'Notifications_getUnsubscribe',
        summary:
          "What an e-mail's unsubscribe link would switch off (no session; a browser gets a page with a button that POSTs). Never unsubscribes by itself.",
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const { locale } = request;
      const T = textsFor(locale).notifications;
      const found = await tokens.verify(token);
      if (!found) {
        if (wantsPage(request))
          return page(reply, locale, 400, T.unsubscribeTitle, `<p>${escapeHtml(T.unsubscribeInvalid)}</p>`);
        throw new HttpError(400, N.unsubscribeInvalid);
      }
      const kind = T[KIND_NAMES[found.kind]];
      const question = fillText(T.unsubscribeQuestion, { kind, product: productName });
      const subscribed = (await findRecipient(db, found.userId))
        ? (await preferences.read(found.userId)).email[found.kind]
        : false;
      if (!wantsPage(request)) return { data: { kind: found.kind, subscribed, message: question } };
      const action = `${API.notifications.unsubscribe}?token=${encodeURIComponent(token)}`;
      return page(
        reply,
        locale,
        200,
        T.unsubscribeTitle,
        `<p>${escapeHtml(question)}</p><form method="post" action="${escapeHtml(action)}">` +
          `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          `<button type="submit">${escapeHtml(T.emailUnsubscribe)}</button></form>`,
      );
    },
  );

  app.post(
    API.notifications.unsubscribe,
    {
      schema: {
        ...schema,
        operationId: 'Notifications_unsubscribe',
        summary:
          'One-click unsubscribe (RFC 8058): switches off the kind of e-mail the signed token names, without a session. Body `List-Unsubscribe=One-Click`, form-encoded.',
      },
    },
    async (request, reply) => {
      const { userId, kind } = await verified(request.query.token);
      // A deleted account has nothing left to switch off, and gets no e-mail anyway.
      if (await findRecipient(db, userId)) await preferences.switchOff(userId, 'email', kind);
      const T = textsFor(request.locale).notifications;
      if (wantsPage(request))
        return page(reply, request.locale, 200, T.unsubscribeTitle, `<p>${escapeHtml(T.unsubscribed)}</p>`);
      return { data: { kind, subscribed: false, message: T.unsubscribed } };
    },
  );
};
