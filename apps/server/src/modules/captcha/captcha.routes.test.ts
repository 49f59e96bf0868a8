import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import { errorsPlugin } from '../../plugins/errors.js';
import { createCaptchaVerifier, createMemoryReplayStore } from '../../services/captcha/index.js';
import { captchaRoutes } from './captcha.routes.js';

async function appWith(provider: 'none' | 'turnstile') {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const captcha = createCaptchaVerifier({
    provider,
    siteKey: 'site',
    secretKey: 'secret',
    hmacKey: 'unused-hmac-key-0123456789',
    store: createMemoryReplayStore(),
  });
  await app.register(captchaRoutes, { captcha });
  return app;
}

describe('GET /api/Captcha/challenge', () => {
  it.each(['none', 'turnstile'] as const)('is a 404 when the provider is %s', async (provider) => {
    const app = await appWith(provider);
    const response = await app.inject({ url: API.captcha.challenge });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.common.resourceNotFound });
    await app.close();
  });
});
