import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API } from '@rummage/contract';
import type { AppConfig } from '../config.js';

/**
 * The OpenAPI document is generated from the same contract schemas that validate requests, so it cannot drift.
 * Must be registered before the routes it describes.
 */
export const openApiPlugin = fp<{ config: AppConfig; version: string }>(
  async (app, { config, version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${config.productName} API`,
          description:
            'REST API of the marketplace. Send `Authorization: Bearer <authToken>` from user-login.',
          version,
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    if (config.apiDocs) {
      await app.register(swaggerUi, { routePrefix: API.docs });
    }
  },
  { name: 'openapi' },
);
