/** The composition root's people part (index.ts): captcha, mail, sessions, accounts and e-mail verification. */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/bus.js';
import type { DurableEvents } from '../events/durable.js';
import type { JobQueue } from '../jobs/queue/queue.js';
import { loadOrCreateSecret } from '../lib/secrets.js';
import { createAccountService } from '../modules/account/account.service.js';
import { createEmailVerification } from '../modules/account/email-verification.js';
import { createSessionService } from '../modules/account/session.service.js';
import { createCaptchaReplayStore } from '../modules/captcha/captcha.repository.js';
import { CAPTCHA_DISABLED_WARNING, createCaptchaVerifier } from '../services/captcha/index.js';
import { createMailer } from '../services/mail/index.js';
import type { Closers } from './closers.js';
import type { AppOverrides } from './overrides.js';
import type { Storage } from './storage.js';

/** Signing up, signing in, and what guards them: sessions, accounts, captcha, mail. */
export function composePeople({
  config,
  overrides,
  storage: { database },
  events,
  durable,
  queue,
  log,
  closers: onClose,
}: {
  config: AppConfig;
  overrides: AppOverrides;
  storage: Storage;
  events: EventBus;
  durable: DurableEvents;
  queue: JobQueue;
  log: FastifyBaseLogger;
  closers: Closers;
}) {
  if (config.captcha.provider === 'none') log.warn(CAPTCHA_DISABLED_WARNING);
  const captcha =
    overrides.captcha ??
    createCaptchaVerifier({
      provider: config.captcha.provider,
      siteKey: config.captcha.siteKey,
      secretKey: config.captcha.secretKey,
      hmacKey: config.captcha.altchaHmacKey ?? loadOrCreateSecret(config.dataDir, 'altcha-hmac.key'),
      store: createCaptchaReplayStore(database.db),
      fetch: overrides.fetch,
      log,
    });
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    });
  const sessions = createSessionService(database.db);
  const verification = createEmailVerification({
    db: database.db,
    queue,
    mailer,
    log,
    publicUrl: config.publicUrl,
    productName: config.productName,
    defaultLocale: config.locale.defaultLocale,
    allowDisposable: config.emailVerification.allowDisposable,
  });
  queue.define(verification.job);
  const accounts = createAccountService({
    db: database.db,
    sessions,
    captcha,
    mailer,
    log,
    productName: config.productName,
    defaultLocale: config.locale.defaultLocale,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    events,
    durable,
    verification,
  });
  onClose.push(() => accounts.settleDeliveries());
  return { captcha, mailer, sessions, accounts, verification };
}
export type People = ReturnType<typeof composePeople>;
