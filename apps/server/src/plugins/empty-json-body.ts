import type { FastifyInstance } from 'fastify';

/**
 * The SPEC's client posts some calls (like-unlike, increment-views, follow-unfollow, DELETEs) with a JSON content
 * type and no body; that is "no body", not a malformed one. Everything else still goes through Fastify's own
 * (prototype-safe) JSON parser. Call it inside a route plugin: the parser is scoped to that plugin's routes.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
