/**
 * The bottom of the composition root (index.ts): what a test or an embedding program may supply instead of the
 * parts built from the config. Every part may import this file; it imports no part.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { MailSender } from '../modules/account/account.service.js';
import type { CaptchaVerifier } from '../services/captcha/index.js';
import type { Gazetteer } from '../services/geo/index.js';
import type { ImagePipeline } from '../services/images/index.js';
import type { LookupAddresses } from '../services/push/index.js';
import type { ImageStore } from '../services/storage/index.js';

/** Parts a test (or an embedding program) supplies instead of the ones built from the config. */
export interface AppOverrides {
  /** An open database; the server migrates it, seeds it and closes it on close(). */
  database?: DatabaseHandle;
  mailer?: MailSender;
  captcha?: CaptchaVerifier;
  gazetteer?: Gazetteer;
  imagePipeline?: ImagePipeline;
  imageStore?: ImageStore;
  /** fetch for third-party captcha verification. */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /**
   * Recurring work (vacuum, purge, garage-sale expiry, the orphan-upload sweep, backups); on unless false, when
   * its kinds are not defined on the queue at all.
   */
  jobs?: boolean;
  /** The durable job queue's workers (recurring work, notifications, e-mail, push); on unless false. */
  queue?: boolean;
  /** At most one notification e-mail per chat this often (an hour); tests shorten it. */
  notificationEmailPaceMs?: number;
  /** How often hub connections' sessions are re-checked (realtime/delivery/sessions.ts); tests shorten it. */
  sessionCheckMs?: number;
  /** How push endpoints' names resolve (services/push/endpoint-policy.ts); tests answer private addresses. */
  lookup?: LookupAddresses;
}
