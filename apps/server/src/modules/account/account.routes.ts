import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  accountExportSchema,
  deleteAccountRequestSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageBodySchema,
  messages,
  passwordResetRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  fillText,
} from '@rummage/contract';
import type { AppConfig } from '../../config.js';
import { requireUser } from '../../plugins/auth.js';
import { addressRateLimit, routeRateLimit, writesRateLimit } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { AccountDataService } from './account-data.service.js';
import type { AccountService } from './account.service.js';
import type { EmailVerification } from './email-verification.js';

const tags = ['Account'];
const bearer = access.signedIn;
const failures = { 400: errorBodySchema, 429: errorBodySchema };

export interface AccountRoutesOptions {
  accounts: AccountService;
  verification: EmailVerification;
  accountData: AccountDataService;
  config: AppConfig;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts, verification, accountData, config },
) => {
  const limits = config.rateLimit;
  // Export reads every table about the person, deletion checks an argon2 hash: a write's per-person ceiling.
  const heavy = writesRateLimit(config);
  const meta = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    API.account.register,
    {
      config: { rateLimit: addressRateLimit(limits.register) },
      schema: {
        tags,
        operationId: 'Account_register',
        security: access.anyone,
        summary: 'Create an account (the captcha is verified by the server)',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 409: errorBodySchema, ...failures },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body, meta(request));
      request.log.info({ userId: user.id }, 'account registered');
      return reply.code(201).send({ message: messages.register.success, data: user });
    },
  );

  app.post(
    API.account.login,
    {
      config: { rateLimit: addressRateLimit(limits.login) },
      schema: {
        tags,
        operationId: 'Account_login',
        security: access.anyone,
        summary: 'Sign in with username or e-mail; answers a bearer token',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 403: errorBodySchema, ...failures },
      },
    },
    async (request) => {
      const data = await accounts.login(request.body.userName, request.body.password, meta(request));
      request.log.info({ userId: data.id }, 'signed in');
      return { message: messages.login.success, data };
    },
  );

  app.get(
    API.account.me,
    {
      schema: {
        tags,
        operationId: 'Account_me',
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await accounts.currentUser(requireUser(request).id) }),
  );

  app.post(
    API.account.logout,
    {
      schema: {
        tags,
        operationId: 'Account_logout',
        summary: 'End the current session; its token stops working',
        security: bearer,
        response: { 200: messageBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.sessionId !== null) await accounts.logout(user.id, request.sessionId);
      return { message: messages.login.loggedOut };
    },
  );

  app.post(
    API.account.logoutEverywhere,
    {
      schema: {
        tags,
        operationId: 'Account_logoutEverywhere',
        summary:
          'End every session of the signed-in user (all devices); their tokens and hub connections stop',
        security: bearer,
        response: { 200: messageBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await accounts.logoutEverywhere(user.id);
      request.log.info({ userId: user.id }, 'logged out everywhere');
      return { message: messages.login.loggedOutEverywhere };
    },
  );

  app.post(
    API.account.sendPasswordResetLink,
    {
      config: { rateLimit: addressRateLimit(limits.reset) },
      schema: {
        tags,
        operationId: 'Account_sendPasswordResetLink',
        security: access.anyone,
        summary: 'E-mail a single-use reset link (same answer whether or not the address is known)',
        body: passwordResetRequestSchema,
        response: { 200: messageBodySchema, ...failures },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email);
      return { message: messages.passwordReset.sent };
    },
  );

  app.post(
    API.account.resetPassword,
    {
      config: { rateLimit: addressRateLimit(limits.reset) },
      schema: {
        tags,
        operationId: 'Account_resetPassword',
        security: access.anyone,
        summary: 'Set a new password with a reset token; signs the user out everywhere',
        body: resetPasswordSchema,
        response: { 200: messageBodySchema, ...failures },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { message: messages.passwordReset.passwordChanged };
    },
  );

  app.post(
    API.account.verifyEmail,
    {
      // A link is 256 random bits, so guessing is hopeless; the write budget keeps a script from hammering it.
      config: { rateLimit: heavy },
      schema: {
        tags,
        operationId: 'Account_verifyEmail',
        security: access.anyone,
        summary: 'Confirm an e-mail address with the token of its verification link (single use, 24 h)',
        body: verifyEmailSchema,
        response: { 200: messageBodySchema, ...failures },
      },
    },
    async (request) => {
      const outcome = await verification.verify(request.body.token);
      return {
        message:
          outcome === 'verified'
            ? messages.emailVerification.verified
            : messages.emailVerification.alreadyVerified,
      };
    },
  );

  app.post(
    API.account.resendVerification,
    {
      config: { rateLimit: heavy },
      schema: {
        tags,
        operationId: 'Account_resendVerification',
        summary: 'Send the verification link again (at most 3 e-mails per address a day, across accounts)',
        security: bearer,
        response: { 200: messageBodySchema, 401: errorBodySchema, ...failures },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const email = await verification.resend(user.id);
      request.log.info({ userId: user.id }, 'verification link asked for again');
      return { message: fillText(messages.emailVerification.sent, { email }) };
    },
  );

  app.get(
    API.account.exportData,
    {
      config: { rateLimit: heavy },
      schema: {
        tags,
        operationId: 'Account_exportData',
        summary: 'Everything Rummage holds about the signed-in person, as a JSON file to download',
        security: bearer,
        response: { 200: accountExportSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await accountData.exportData(user.id);
      const day = data.exportedAt.slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="rummage-${user.username}-${day}.json"`);
      void reply.header('cache-control', 'no-store');
      request.log.info({ userId: user.id }, 'data exported');
      return data;
    },
  );

  app.get(
    API.account.exportArchive,
    {
      config: { rateLimit: heavy },
      schema: {
        tags,
        operationId: 'Account_exportArchive',
        summary: 'The same as a ZIP: the JSON file, the photos the signed-in person uploaded and a README',
        security: bearer,
        response: {
          200: {
            description: 'A ZIP file: README.txt, rummage-data.json, photos/, profile/, MISSING.txt',
            content: { 'application/zip': { schema: z.string().describe('ZIP archive bytes') } },
          },
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { data, archive } = await accountData.exportArchive(user.id);
      const day = data.exportedAt.slice(0, 10);
      request.log.info({ userId: user.id }, 'data exported with photos');
      return (
        reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="rummage-${user.username}-${day}.zip"`)
          .header('cache-control', 'no-store')
          // The 200 schema documents the bytes for the API document; Fastify sends a stream as it comes, unserialized.
          .send(archive as unknown as string)
      );
    },
  );

  app.delete(
    API.account.delete,
    {
      // It checks the password: as many guesses as login allows, counted per person, so a left-open tab is no
      // faster way to guess a password than the login form (login counts per address: the person is not known).
      config: { rateLimit: routeRateLimit(limits.login) },
      schema: {
        tags,
        operationId: 'Account_delete',
        summary:
          'Delete the signed-in account (password confirmed): listings, photos, sales, likes, follows, sessions go; chats stay for the other side',
        security: bearer,
        body: deleteAccountRequestSchema,
        response: { 200: messageBodySchema, 401: errorBodySchema, 409: errorBodySchema, ...failures },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await accountData.deleteOwn(user.id, request.body.password);
      request.log.info({ userId: user.id }, 'account deleted by its owner');
      return { message: messages.accountData.deleted };
    },
  );
};
