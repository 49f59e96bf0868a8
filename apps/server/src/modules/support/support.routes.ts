import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeTicketResponseSchema,
  API,
  createTicketSchema,
  messages,
  supportReadResponseSchema,
  supportReadSchema,
  supportTicketResponseSchema,
  ticketHistoryResponseSchema,
  ticketIdParamsSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { refusalResponses } from '../../plugins/errors.js';
import { budgetHeaders, writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { SupportService } from './support.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets (routes.ts creates it); /supporthub and the staff console call the same service. */
    supportService: SupportService;
  }
}

const tags = ['Support'];
const bearer = access.signedIn;
const refusals = refusalResponses;

export interface SupportRoutesOptions {
  config: AppConfig;
  support: SupportService;
}

/**
 * docs/product.md §7 Support calls, the user's side; staff use the same history and read calls for the tickets they answer.
 * Who may see which ticket is the service's business; the routes validate, call and shape the answer.
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  const { config, support } = options;
  const writes = writesRateLimit(config);

  app.post(
    API.support.createTicket,
    {
      // Its first message spends the person's support message budget (shared with /supporthub) in the service.
      schema: {
        tags,
        operationId: 'Support_createTicket',
        summary:
          'Open a support ticket (subject, message; username is ignored). One open ticket per person: a second ' +
          'answers 409 with the open one',
        body: createTicketSchema,
        security: bearer,
        response: { 201: supportTicketResponseSchema, 409: supportTicketResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { created, ticket } = await support.createTicket(user, request.body, budgetHeaders(reply));
      if (!created) return reply.code(409).send({ message: messages.support.alreadyOpen, data: ticket });
      request.log.info({ ticketId: ticket.id }, 'support ticket opened');
      return reply.code(201).send({ message: messages.staff.ticketCreated, data: ticket });
    },
  );

  app.get(
    API.support.myActiveTicket,
    {
      schema: {
        tags,
        operationId: 'Support_myActiveTicket',
        summary: "The caller's open ticket, or data null",
        security: bearer,
        response: { 200: activeTicketResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await support.activeTicket(requireUser(request)) }),
  );

  app.post(
    API.support.read,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Support_read',
        summary:
          "Mark a ticket read for the caller's side (owner: user side; staff: staff side). isUser false is " +
          'for staff only. Answers the caller’s unread support count',
        body: supportReadSchema,
        security: bearer,
        response: { 200: supportReadResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await support.read(requireUser(request), request.body.ticketId, request.body.isUser),
    }),
  );

  app.get(
    API.support.ticketHistory,
    {
      schema: {
        tags,
        operationId: 'Support_ticketHistory',
        summary: "A ticket's messages, oldest first (its owner and staff only)",
        params: ticketIdParamsSchema,
        security: bearer,
        response: { 200: ticketHistoryResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await support.history(requireUser(request), request.params.ticketId) }),
  );
};
