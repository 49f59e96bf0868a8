import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  errorBodySchema,
  heldMessageActionResponseSchema,
  heldMessageIdParamsSchema,
  heldMessagesResponseSchema,
  messages,
} from '@rummage/contract';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import type { HeldMessages } from '../message/held-messages.js';
import { requireStaff, staffMember } from './staff.guard.js';

const T = messages.staff;
const tags = ['Staff'];
const security = access.signedIn;

/**
 * Chat messages held for a check (docs/product.md §16), behind the staff console's one gate (requireStaff).
 * Releasing and rejecting each write the moderation log in their own transaction.
 */
export const heldMessageRoutes: FastifyPluginAsyncZod<{ held: HeldMessages }> = async (app, { held }) => {
  app.addHook('onRequest', requireStaff);
  acceptEmptyJsonBody(app);

  app.get(
    API.staff.heldMessages,
    {
      schema: {
        tags,
        operationId: 'Staff_heldMessages',
        summary:
          'Chat messages held for a check (near-certain spam from new or unverified accounts), oldest first',
        security,
        response: { 200: heldMessagesResponseSchema, ...refusalResponses },
      },
    },
    async () => ({ data: await held.waiting() }),
  );

  app.post(
    API.staff.releaseHeldMessage,
    {
      schema: {
        tags,
        operationId: 'Staff_releaseHeldMessage',
        summary:
          'Deliver a held message with its original time (the recipient is notified as for any message)',
        params: heldMessageIdParamsSchema,
        security,
        // 409: no longer deliverable (the recipient blocked the sender since, or the sender is banned).
        response: { 200: heldMessageActionResponseSchema, 409: errorBodySchema, ...refusalResponses },
      },
    },
    async (request) => {
      await held.release(staffMember(request), request.params.heldMessageId);
      return {
        message: T.heldReleased,
        data: { id: request.params.heldMessageId, status: 'released' as const },
      };
    },
  );

  app.post(
    API.staff.rejectHeldMessage,
    {
      schema: {
        tags,
        operationId: 'Staff_rejectHeldMessage',
        summary: "Reject a held message: never delivered, counted in its sender's report history",
        params: heldMessageIdParamsSchema,
        security,
        response: { 200: heldMessageActionResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await held.reject(staffMember(request), request.params.heldMessageId);
      return {
        message: T.heldRejected,
        data: { id: request.params.heldMessageId, status: 'rejected' as const },
      };
    },
  );
};
