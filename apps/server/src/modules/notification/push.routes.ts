import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  messageBodySchema,
  messages,
  pushKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import type { PushService } from './push.service.js';

const tags = ['Notifications'];
const N = messages.notifications;

export interface PushRoutesOptions {
  config: AppConfig;
  push: PushService;
}

/** Web Push (docs/product.md §10): the server's VAPID key, the caller's browsers' subscriptions, a test push. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, options) => {
  const { push } = options;
  const writes = writesRateLimit(options.config);

  app.get(
    API.notifications.pushKey,
    {
      schema: {
        tags,
        operationId: 'Notifications_getPushKey',
        summary: "The server's VAPID public key (base64url, 65-byte P-256 point) a browser subscribes with",
        security: access.anyone,
        response: { 200: pushKeyResponseSchema },
      },
    },
    async () => ({ data: { publicKey: await push.publicKey() } }),
  );

  app.post(
    API.notifications.pushSubscriptions,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Notifications_subscribePush',
        summary:
          "Keep this browser's push subscription for the caller (idempotent per endpoint: it moves to the caller)",
        body: pushSubscriptionSchema,
        security: access.signedIn,
        response: { 200: messageBodySchema, ...refusalResponses },
      },
    },
    async (request) => {
      await push.subscribe(requireUser(request).id, request.body, request.headers['user-agent']);
      return { message: N.pushEnabled };
    },
  );

  app.delete(
    API.notifications.pushSubscriptions,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Notifications_unsubscribePush',
        summary: "Forget the caller's push subscription with this endpoint (nothing happens for any other)",
        body: pushUnsubscribeSchema,
        security: access.signedIn,
        response: { 200: messageBodySchema, ...refusalResponses },
      },
    },
    async (request) => {
      await push.unsubscribe(requireUser(request).id, request.body.endpoint);
      return { message: N.pushDisabled };
    },
  );

  app.post(
    API.notifications.test,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Notifications_sendTestPush',
        summary: "Send a test push to each of the caller's subscribed browsers (404 when there are none)",
        security: access.signedIn,
        response: { 200: messageBodySchema, ...refusalResponses },
      },
    },
    async (request) => {
      await push.sendTest(requireUser(request).id);
      return { message: N.testSent };
    },
  );
};
