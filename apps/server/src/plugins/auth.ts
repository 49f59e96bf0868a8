import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@rummage/contract';
import { HttpError } from '../lib/http-error.js';
import { needsBearerSession } from './openapi.js';
import {
  bearerToken,
  type Authenticated,
  type AuthUser,
  type SessionService,
} from '../modules/account/session.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves a bearer token (from a header, or a hub's access_token) to its user; null when not valid. */
    authenticate(token: string | undefined): Promise<Authenticated | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: number | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the session itself (the hubs: on its turn, under their own limit, realtime/index.ts), so the
     * read here would be a second one for the same token.
     */
    readsOwnSession?: boolean;
  }
}

/** The signed-in user, or a 401 with the SPEC's "log in" message. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, messages.common.loginRequired);
  return request.user;
}

function refuseVisitor(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  done(request.user ? undefined : new HttpError(401, messages.common.loginRequired));
}

/**
 * Reads `Authorization: Bearer <token>` on every request. A stale or unknown token makes the request anonymous
 * rather than failing it: public pages must keep working for someone whose session ended.
 */
export const authPlugin = fp<{ sessions: SessionService }>(
  async (app, { sessions }) => {
    app.decorate('authenticate', (token: string | undefined) => sessions.authenticate(token));
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    // A callback hook, not an async one: most requests carry no token, and those then cost no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request.headers.authorization);
      if (!token || request.routeOptions.config.readsOwnSession) return done();
      sessions.authenticate(token).then((session) => {
        if (session) {
          request.user = session.user;
          request.sessionId = session.sessionId;
        }
        done();
      }, done);
    });
    // A visitor hears "log in" before anything about the body they sent, as staff routes already answer: a
    // route documented as needing a session refuses one without it first (after its rate limit, which counts it).
    app.addHook('onRoute', (route) => {
      if (!needsBearerSession(route.schema?.security)) return;
      const earlier = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...earlier, refuseVisitor];
    });
  },
  { name: 'auth' },
);
