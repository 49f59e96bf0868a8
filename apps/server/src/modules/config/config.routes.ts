import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, publicConfigResponseSchema, type PublicConfig } from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import type { CaptchaVerifier } from '../../services/captcha/index.js';
import { access } from '../../plugins/openapi.js';

export function publicConfig(config: AppConfig, captcha: CaptchaVerifier): PublicConfig {
  return {
    productName: config.productName,
    supportEmail: config.supportEmail,
    captcha: captcha.publicConfig(),
    mapTileUrl: config.map.tileUrl,
    mapAttribution: config.map.attribution,
    ...config.locale,
  };
}

/** What the browser needs to know about this installation (never a secret). */
export const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig; captcha: CaptchaVerifier }> = async (
  app,
  { config, captcha },
) => {
  const body = { data: publicConfig(config, captcha) };
  app.get(
    API.config,
    {
      schema: {
        tags: ['Config'],
        operationId: 'Config_get',
        security: access.anyone,
        summary: 'Public settings of this installation: product name, captcha, map tiles',
        response: { 200: publicConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};
