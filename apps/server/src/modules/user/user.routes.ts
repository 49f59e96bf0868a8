import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  blockedPeopleResponseSchema,
  blockResponseSchema,
  errorBodySchema,
  followersQuerySchema,
  followersResponseSchema,
  followRequestSchema,
  followResponseSchema,
  messages,
  profileDetailsResponseSchema,
  updateUserDetailsResponseSchema,
  updateUserDetailsSchema,
  uploadPhotoResponseSchema,
  userIdParamsSchema,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { requireUser } from '../../plugins/auth.js';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { ImagePipeline } from '../../services/images/index.js';
import { drain } from '../product/listing-form.js';
import { viewerKey } from '../product/viewer.js';
import { photoMultipartLimits, processPhoto, readPhotoForm } from './photo-form.js';
import type { PhotoKind, UserService } from './user.service.js';

const P = messages.profile;
const tags = ['User'];
const bearer = access.signedIn;
const refusals = refusalResponses;
const uploadRefusals = { ...refusals, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema };

export interface UserRoutesOptions {
  config: AppConfig;
  users: UserService;
  pipeline: ImagePipeline;
}

/**
 * docs/product.md §7 User calls: GET /api/User/profile-details/{userId}, POST upload-profile-photo, upload-cover-photo,
 * update-user-details, follow-unfollow/{userId}; GET /api/User/followers; blocking (docs/product.md §11).
 */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, options) => {
  const { config, users, pipeline } = options;
  const maxImageBytes = config.uploads.maxImageBytes;
  // Uploads, edits and follows are writes a script could repeat; a tenth of the global budget is plenty for people.
  const writes = writesRateLimit(config);

  // Scoped to these routes, like the listing forms' own registration.
  await app.register(multipart, { limits: photoMultipartLimits(maxImageBytes) });
  // follow-unfollow arrives with a JSON content type and no body from the SPEC's client.
  acceptEmptyJsonBody(app);
  // A refusal before the form was read (401…) must not leave the upload hanging half-sent.
  app.addHook('onSend', async (request) => {
    if (request.isMultipart()) drain(request);
  });

  app.get(
    API.user.profileDetails,
    {
      schema: {
        tags,
        operationId: 'User_profileDetails',
        security: access.optional,
        summary:
          "A profile's details and counts. Counts a view (once per viewer per hour, never the owner's); " +
          'e-mail only for the owner',
        params: userIdParamsSchema,
        response: { 200: profileDetailsResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: await users.profile(request.params.userId, request.user, viewerKey(request)),
    }),
  );

  const photoRoutes: Array<[string, PhotoKind, string]> = [
    [API.user.uploadProfilePhoto, 'profile', P.profilePhotoUpdated],
    [API.user.uploadCoverPhoto, 'cover', P.coverPhotoUpdated],
  ];
  for (const [path, kind, done] of photoRoutes) {
    app.post(
      path,
      {
        config: { rateLimit: writes },
        schema: {
          tags,
          operationId: kind === 'profile' ? 'User_uploadProfilePhoto' : 'User_uploadCoverPhoto',
          summary:
            `Replace your ${kind === 'profile' ? 'profile' : 'cover'} photo (multipart: UserId, ImageFile; ` +
            'JPEG or PNG, re-encoded without metadata); the previous picture is deleted',
          consumes: ['multipart/form-data'],
          security: bearer,
          response: { 200: uploadPhotoResponseSchema, ...uploadRefusals },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const bytes = await readPhotoForm(request, user, maxImageBytes);
        const image = await processPhoto(pipeline, bytes);
        const imageUrl = await users.replacePhoto(user, kind, image);
        request.log.info({ userId: user.id, kind }, 'profile picture replaced');
        return { message: done, imageUrl, data: { imageUrl } };
      },
    );
  }

  app.post(
    API.user.updateUserDetails,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'User_updateUserDetails',
        summary:
          'Edit your username, e-mail, address and language (username and e-mail unique, ignoring case; language null clears it)',
        body: updateUserDetailsSchema,
        security: bearer,
        response: { 200: updateUserDetailsResponseSchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await users.updateDetails(user, request.body);
      // The answer is in the language just saved (plugins/locale.ts reads it when the answer is sent).
      if (request.body.language !== undefined) user.language = request.body.language;
      return { message: P.updated, data };
    },
  );

  app.post(
    API.user.followUnfollow,
    {
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId: 'User_followUnfollow',
        summary: 'Follow or unfollow someone (empty body toggles; { follow: true|false } sets)',
        params: userIdParamsSchema,
        body: followRequestSchema,
        security: bearer,
        response: { 200: followResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { userId } = request.params;
      const named = request.body?.userIdToFollow;
      if (named !== undefined && named !== userId) throw new HttpError(400, messages.common.invalidRequest);
      return users.follow(user, userId, request.body?.follow);
    },
  );

  app.get(
    API.user.followers,
    {
      schema: {
        tags,
        operationId: 'User_followers',
        summary: 'Your followers, newest follow first, with their counts and whether you follow them back',
        querystring: followersQuerySchema,
        security: bearer,
        response: { 200: followersResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, pageSize } = request.query;
      return { data: await users.followers(user, page, pageSize), page, pageSize };
    },
  );

  for (const [method, operationId, summary] of [
    [
      'POST',
      'User_block',
      'Block someone: they cannot message or follow you (their follow of you ends), and you no longer see their chats or listings',
    ],
    [
      'DELETE',
      'User_unblock',
      'Unblock someone you blocked (unblocking someone not blocked is a harmless 200)',
    ],
  ] as const) {
    app.route({
      method,
      url: API.user.block,
      config: { rateLimit: writes },
      schema: {
        tags,
        operationId,
        summary,
        params: userIdParamsSchema,
        security: bearer,
        response: { 200: blockResponseSchema, ...refusals },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const { userId } = request.params;
        return method === 'POST' ? users.block(user, userId) : users.unblock(user, userId);
      },
    });
  }

  app.get(
    API.user.blocked,
    {
      schema: {
        tags,
        operationId: 'User_blocked',
        summary: 'The people you blocked, newest first',
        security: bearer,
        response: { 200: blockedPeopleResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await users.blocked(requireUser(request)) }),
  );
};
