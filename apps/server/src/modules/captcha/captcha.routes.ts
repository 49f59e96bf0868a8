import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, errorBodySchema, messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { CaptchaVerifier } from '../../services/captcha/index.js';
import { access } from '../../plugins/openapi.js';

/** The ALTCHA widget fetches a fresh signed challenge here; other providers serve their own. */
export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaVerifier }> = async (
  app,
  { captcha },
) => {
  app.get(
    API.captcha.challenge,
    {
      schema: {
        tags: ['Captcha'],
        operationId: 'Captcha_challenge',
        security: access.anyone,
        summary: 'A new ALTCHA proof-of-work challenge (404 when another captcha provider is configured)',
        response: { 200: z.looseObject({}), 404: errorBodySchema },
      },
    },
    async (_request, reply) => {
      if (captcha.provider !== 'altcha') throw new HttpError(404, messages.common.resourceNotFound);
      // Every challenge is single-use; a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return (await captcha.createChallenge()) as Record<string, unknown>;
    },
  );
};
