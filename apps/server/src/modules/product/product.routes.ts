import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  changeSoldStatusResponseSchema,
  changeSoldStatusSchema,
  errorBodySchema,
  idParamsSchema,
  likeRequestSchema,
  likeResponseSchema,
  messageBodySchema,
  messages,
  productDetailResponseSchema,
  productListResponseSchema,
  productSavedResponseSchema,
  reportProductSchema,
  reservationResponseSchema,
  reserveProductSchema,
  unreserveProductSchema,
  updateErrorBodySchema,
  userIdParamsSchema,
  viewsResponseSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { ImagePipeline } from '../../services/images/index.js';
import type { EngagementService } from './engagement.service.js';
import { multipartLimits, readListingForm } from './listing-form.js';
import type { ProductService } from './product.service.js';
import type { ReservationService } from './reservation.service.js';
import { viewerKey } from './viewer.js';

const L = messages.listing;
const tags = ['Product'];
const bearer = access.signedIn;
const refusals = refusalResponses;
const uploadRefusals = { ...refusals, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema };
const updateRefusals = Object.fromEntries(
  Object.keys(uploadRefusals).map((status) => [status, updateErrorBodySchema]),
) as Record<keyof typeof uploadRefusals, typeof updateErrorBodySchema>;
/** Multipart bodies are read by the handler, so the OpenAPI document describes them in words. */
const MULTIPART = ['multipart/form-data'];

export interface ProductRoutesOptions {
  config: AppConfig;
  products: ProductService;
  engagement: EngagementService;
  reservations: ReservationService;
  pipeline: ImagePipeline;
}

export const productRoutes: FastifyPluginAsyncZod<ProductRoutesOptions> = async (app, options) => {
  const { config, products, engagement, reservations, pipeline } = options;
  const limits = { maxImages: config.uploads.maxImages, maxImageBytes: config.uploads.maxImageBytes };
  // Uploads, likes and reports are writes a script could repeat; a tenth of the global budget is plenty for people.
  const writes = writesRateLimit(config);

  // Scoped to these routes (the profile photo forms in modules/user register their own, with their limits).
  await app.register(multipart, { limits: multipartLimits(limits) });

  // like-unlike, increment-views and DELETE arrive with a JSON content type and no body.
  acceptEmptyJsonBody(app);

  // A refusal before the form was read (401, 403, 404…) must not leave the upload hanging half-sent.
  app.addHook('onSend', async (request) => {
    const raw = request.raw;
    if (request.isMultipart() && !raw.readableEnded && !raw.destroyed) {
      raw.unpipe();
      raw.resume();
    }
  });

  app.post(
    API.product.add,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_add',
        summary:
          `Create a listing (multipart: Title, Description, Price, MinimumOffer?, Latitude, Longitude, CategoryId?, ` +
          `Images × 1..${limits.maxImages}, JPEG or PNG)`,
        consumes: MULTIPART,
        security: bearer,
        response: { 201: productSavedResponseSchema, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readListingForm(request, pipeline, limits);
      const data = await products.create(user, form);
      request.log.info({ productId: data.id, images: data.images.length }, 'listing created');
      return reply.code(201).send({ message: L.created, data });
    },
  );

  app.put(
    API.product.update,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_update',
        summary:
          'Edit a listing (multipart: ProductId, Title, Description, Price, MinimumOffer?, Latitude, Longitude, ' +
          'ImagesToDelete × n, Images × n); kept photos keep their order, new ones follow',
        consumes: MULTIPART,
        security: bearer,
        response: { 200: productSavedResponseSchema, ...updateRefusals },
      },
      // Every refusal, whoever answers it (validation, auth, the service, the error handler), gets `error` too.
      preSerialization: async (_request, reply, payload: unknown) =>
        reply.statusCode >= 400 && isErrorBody(payload) ? { ...payload, error: payload.message } : payload,
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readListingForm(request, pipeline, limits);
      return { message: L.updated, data: await products.update(user, form) };
    },
  );

  app.get(
    API.product.item,
    {
      schema: {
        tags,
        operationId: 'Product_getById',
        security: access.optional,
        summary: 'One listing with seller, photos, likes and follow state',
        params: idParamsSchema,
        response: { 200: productDetailResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await products.detail(request.params.id, request.user) }),
  );

  app.delete(
    API.product.item,
    {
      schema: {
        tags,
        operationId: 'Product_delete',
        summary: 'Delete your listing and its photos',
        params: idParamsSchema,
        security: bearer,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await products.remove(requireUser(request), request.params.id);
      return { message: L.deleted };
    },
  );

  app.post(
    API.product.changeSoldStatus,
    {
      // Each sale to a buyer asks both to rate: the writes' budget, as a reservation's.
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_changeSoldStatus',
        summary:
          'Mark your listing sold (to a buyer who chatted about it: a deal both may rate) or available again',
        body: changeSoldStatusSchema,
        security: bearer,
        response: { 200: changeSoldStatusResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { productId, isSold, buyerId } = request.body;
      const { dealId } = await products.changeSoldStatus(requireUser(request), productId, isSold, buyerId);
      // The SPEC's answer, plus the deal's id only when the sale made one.
      return { message: L.statusUpdated, data: { productId, isSold, ...(dealId !== null && { dealId }) } };
    },
  );

  app.post(
    API.product.incrementViews,
    {
      schema: {
        tags,
        operationId: 'Product_incrementViews',
        security: access.optional,
        summary: 'Count a view (once per viewer per hour; the seller does not count)',
        params: idParamsSchema,
        response: { 200: viewsResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: { views: await engagement.view(request.params.id, viewerKey(request), request.user) },
    }),
  );

  app.post(
    API.product.likeUnlike,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_likeUnlike',
        summary: 'Like or unlike (empty body toggles; { like: true|false } sets)',
        params: idParamsSchema,
        body: likeRequestSchema,
        security: bearer,
        response: { 200: likeResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await engagement.like(user, request.params.id, request.body?.like) };
    },
  );

  app.post(
    API.product.report,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_report',
        summary: 'Report a listing to moderators (once per person per listing)',
        body: reportProductSchema,
        security: bearer,
        response: { 200: messageBodySchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await engagement.report(user, request.body.productId, request.body.reason);
      request.log.info({ productId: request.body.productId }, 'listing reported');
      return { message: L.reported };
    },
  );

  app.post(
    API.product.reserve,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_reserve',
        summary: `Hold your listing for a buyer who chats with you about it (for RESERVATION_HOURS, then it lapses)`,
        body: reserveProductSchema,
        security: bearer,
        response: { 200: reservationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { productId, buyerId } = request.body;
      const data = await reservations.reserve(requireUser(request), productId, buyerId);
      return { message: L.reserved, data };
    },
  );

  app.post(
    API.product.unreserve,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'Product_unreserve',
        summary: 'Release the hold on your listing (nothing happens when there is none)',
        body: unreserveProductSchema,
        security: bearer,
        response: { 200: reservationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const data = await reservations.unreserve(requireUser(request), request.body.productId);
      return { message: L.released, data };
    },
  );

  for (const [path, sold] of [
    [API.product.unsoldByUser, false],
    [API.product.soldByUser, true],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          operationId: sold ? 'Product_soldByUser' : 'Product_unsoldByUser',
          security: access.optional,
          summary: sold ? "A seller's sold items, newest first" : "A seller's store (unsold), newest first",
          params: userIdParamsSchema,
          response: { 200: productListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        data: await products.listBySeller(request.params.userId, sold, request.user),
      }),
    );
  }
};

function isErrorBody(payload: unknown): payload is { message: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}
