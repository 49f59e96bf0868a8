import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  createReviewSchema,
  dealBuyersQuerySchema,
  dealBuyersResponseSchema,
  dealListResponseSchema,
  dealResponseSchema,
  errorBodySchema,
  idParamsSchema,
  messageBodySchema,
  messages,
  moderationReasonSchema,
  ownReviewResponseSchema,
  reportReviewSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reputationResponseSchema,
  reviewReplySchema,
  reviewUserParamsSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { access } from '../../plugins/openapi.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import { requireStaff, staffMember } from '../staff/staff.guard.js';
import type { DealService } from './deal.service.js';
import type { ReviewService } from './review.service.js';

const R = messages.reviews;
const bearer = access.signedIn;
const refusals = { ...refusalResponses, 409: errorBodySchema };

export interface DealRoutesOptions {
  config: AppConfig;
  deals: DealService;
  reviews: ReviewService;
}

/** Deals (docs/product.md §19) and their ratings (§20). Every write spends from the person's write budget. */
export const dealRoutes: FastifyPluginAsyncZod<DealRoutesOptions> = async (
  app,
  { config, deals, reviews },
) => {
  const writes = writesRateLimit(config);
  // A dispute carries no body; a report's reason is optional.
  acceptEmptyJsonBody(app);

  app.get(
    API.deal.root,
    {
      schema: {
        tags: ['Deal'],
        operationId: 'Deal_list',
        summary:
          'Your deals as seller and as buyer, newest first, those called off included, each with the other side ' +
          'and your own rating',
        security: bearer,
        response: { 200: dealListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await deals.list(requireUser(request)) }),
  );

  app.get(
    API.deal.buyers,
    {
      schema: {
        tags: ['Deal'],
        operationId: 'Deal_buyers',
        summary:
          'As the seller, the people who chatted about your listing, to mark it sold to: the reserved buyer first, ' +
          'then the latest chat first',
        querystring: dealBuyersQuerySchema,
        security: bearer,
        response: { 200: dealBuyersResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await deals.buyers(requireUser(request), request.query.productId) }),
  );

  app.post(
    API.deal.dispute,
    {
      config: { rateLimit: writes },
      schema: {
        tags: ['Deal'],
        operationId: 'Deal_dispute',
        summary:
          'As the buyer, say the handover did not happen (within the rating window): the deal is called off',
        params: idParamsSchema,
        security: bearer,
        response: { 200: dealResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: messages.deals.disputed,
      data: await deals.dispute(requireUser(request), request.params.id),
    }),
  );

  app.post(
    API.review.root,
    {
      config: { rateLimit: writes },
      schema: {
        tags: ['Review'],
        operationId: 'Review_create',
        summary:
          'Rate the other side of your deal (1–5 stars, once, within the rating window); hidden until both rated ' +
          'or the window ends',
        body: createReviewSchema,
        security: bearer,
        response: { 201: ownReviewResponseSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await reviews.rate(requireUser(request), request.body)),
  );

  app.get(
    API.review.byUser,
    {
      schema: {
        tags: ['Review'],
        operationId: 'Review_byUser',
        summary: "A person's published ratings, newest first",
        params: reviewUserParamsSchema,
        querystring: reviewListQuerySchema,
        security: access.anyone,
        response: { 200: reviewListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => reviews.list(request.params.userId, request.query.page, request.query.pageSize),
  );

  app.get(
    API.review.reputation,
    {
      schema: {
        tags: ['Review'],
        operationId: 'Review_reputation',
        summary: "A person's reputation: stars, deals done and reply time, as their profile carries it",
        params: reviewUserParamsSchema,
        security: access.anyone,
        response: { 200: reputationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ data: await reviews.reputation(request.params.userId) }),
  );

  app.post(
    API.review.reply,
    {
      config: { rateLimit: writes },
      schema: {
        tags: ['Review'],
        operationId: 'Review_reply',
        summary: 'Answer a published rating of you, once, publicly',
        params: idParamsSchema,
        body: reviewReplySchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await reviews.reply(requireUser(request), request.params.id, request.body.text);
      return { message: R.replied };
    },
  );

  app.post(
    API.review.report,
    {
      config: { rateLimit: writes },
      schema: {
        tags: ['Review'],
        operationId: 'Review_report',
        summary: 'Report a published rating to moderators (once per person per rating)',
        params: idParamsSchema,
        body: reportReviewSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await reviews.report(requireUser(request), request.params.id, request.body?.reason);
      return { message: R.reported };
    },
  );

  app.post(
    API.staff.removeReview,
    {
      onRequest: requireStaff,
      schema: {
        tags: ['Staff'],
        operationId: 'Staff_removeReview',
        summary: 'Remove a rating from every answer; its author is told the reason',
        params: idParamsSchema,
        body: moderationReasonSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await reviews.remove(staffMember(request), request.params.id, request.body.reason);
      return { message: R.removed };
    },
  );
};
