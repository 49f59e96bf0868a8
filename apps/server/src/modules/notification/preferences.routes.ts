import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, notificationPreferencesResponseSchema, notificationPreferencesSchema } from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import type { NotificationPreferencesService } from './preferences.service.js';

const tags = ['Notifications'];

export interface PreferencesRoutesOptions {
  config: AppConfig;
  preferences: NotificationPreferencesService;
}

/** GET and PUT /api/Notifications/preferences: what reaches the caller by e-mail and by push. */
export const preferencesRoutes: FastifyPluginAsyncZod<PreferencesRoutesOptions> = async (app, options) => {
  const { preferences } = options;
  const writes = writesRateLimit(options.config);

  app.get(
    API.notifications.preferences,
    {
      schema: {
        tags,
        operationId: 'Notifications_getPreferences',
        summary: 'Which notifications reach the caller by e-mail and by push',
        security: access.signedIn,
        response: { 200: notificationPreferencesResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await preferences.read(requireUser(request).id) }),
  );

  app.put(
    API.notifications.preferences,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Notifications_putPreferences',
        summary:
          'Choose which notifications reach the caller by e-mail and by push (every key, true or false)',
        body: notificationPreferencesSchema,
        security: access.signedIn,
        response: { 200: notificationPreferencesResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await preferences.write(requireUser(request).id, request.body) }),
  );
};
