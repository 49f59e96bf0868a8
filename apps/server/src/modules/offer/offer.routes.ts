import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  counterOfferSchema,
  createOfferSchema,
  errorBodySchema,
  idParamsSchema,
  offerListQuerySchema,
  offerListResponseSchema,
  offerResponseSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import type { OfferAction, OfferService } from './offer.service.js';

const tags = ['Offer'];
const bearer = access.signedIn;
/** Answering an offer that is no longer pending is a conflict with what happened meanwhile. */
const answerRefusals = { ...refusalResponses, 409: errorBodySchema };

export interface OfferRoutesOptions {
  config: AppConfig;
  offers: OfferService;
}

/** Offers and counter-offers (docs/product.md §18). Every write spends from the person's write budget. */
export const offerRoutes: FastifyPluginAsyncZod<OfferRoutesOptions> = async (app, { config, offers }) => {
  const writes = writesRateLimit(config);
  // Accept, decline and withdraw carry no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);

  app.post(
    API.offer.root,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Offer_make',
        summary:
          'Offer an amount on a listing (not your own). Below the seller’s lowest offer it is declined at once; ' +
          'it replaces your open offer on the listing; at most 3 a day per listing',
        body: createOfferSchema,
        security: bearer,
        response: { 201: offerResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const answer = await offers.make(requireUser(request), request.body.productId, request.body.amount);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    API.offer.root,
    {
      schema: {
        tags,
        operationId: 'Offer_list',
        summary:
          'The offers on a listing you may see, newest first: all of them for its seller, yours for a buyer, ' +
          'none for anyone else',
        querystring: offerListQuerySchema,
        security: bearer,
        response: { 200: offerListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await offers.list(requireUser(request), request.query.productId) }),
  );

  const answers: Array<[path: string, action: OfferAction, summary: string]> = [
    [API.offer.accept, 'accept', 'Accept an offer made to you: the listing is reserved for the buyer'],
    [API.offer.decline, 'decline', 'Decline an offer made to you'],
    [API.offer.withdraw, 'withdraw', 'Take back a pending offer you made'],
  ];
  for (const [path, action, summary] of answers) {
    app.post(
      path,
      {
        config: { rateLimit: writes },
        schema: {
          tags,
          operationId: `Offer_${action}`,
          summary,
          params: idParamsSchema,
          security: bearer,
          response: { 200: offerResponseSchema, ...answerRefusals },
        },
      },
      async (request) => offers.answer(requireUser(request), request.params.id, action),
    );
  }

  app.post(
    API.offer.counter,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Offer_counter',
        summary: 'Answer an offer made to you with another amount: a new pending offer the other way',
        params: idParamsSchema,
        body: counterOfferSchema,
        security: bearer,
        response: { 201: offerResponseSchema, ...answerRefusals },
      },
    },
    async (request, reply) => {
      const answer = await offers.counter(requireUser(request), request.params.id, request.body.amount);
      return reply.code(201).send(answer);
    },
  );
};
