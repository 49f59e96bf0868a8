import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  markNotificationsReadSchema,
  notificationCountResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import { entryIn, type NotificationCentre } from './centre.service.js';

const tags = ['Notifications'];

export interface CentreRoutesOptions {
  config: AppConfig;
  centre: NotificationCentre;
}

/** GET /api/Notifications and POST /api/Notifications/read: the caller's notification centre. */
export const centreRoutes: FastifyPluginAsyncZod<CentreRoutesOptions> = async (app, options) => {
  const { centre } = options;
  const writes = writesRateLimit(options.config);

  app.get(
    API.notifications.list,
    {
      schema: {
        tags,
        operationId: 'Notifications_list',
        summary: "The caller's notifications, newest activity first, with their unread count",
        querystring: notificationListQuerySchema,
        security: access.signedIn,
        response: { 200: notificationListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const page = await centre.list(requireUser(request).id, request.query);
      const { locale } = request;
      const { currency } = options.config.locale;
      return { ...page, data: page.data.map((entry) => entryIn(entry, locale, currency)) };
    },
  );

  app.post(
    API.notifications.read,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Notifications_read',
        summary:
          "Mark some of the caller's notifications read ({ ids }) or all of them ({ all: true }); other ids are ignored",
        body: markNotificationsReadSchema,
        security: access.signedIn,
        response: { 200: notificationCountResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const { ids, all } = request.body;
      const unread = all ? await centre.markAllRead(userId) : await centre.markRead(userId, ids ?? []);
      return { data: { unread } };
    },
  );
};
