import { randomBytes } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { parseEml, type ParsedMail } from './eml.js';
import { makeFolder } from '../../lib/folders.js';

export { parseEml, type ParsedMail } from './eml.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The one-click unsubscribe URL of a notification e-mail: sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so mail apps offer their own button.
   */
  listUnsubscribe?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg?: string): void };
  /** Shorter waits on the relay than SMTP_TIMEOUTS (tests of a relay that hangs). */
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}

/**
 * Nodemailer's defaults wait up to 2 min to connect and 10 min on an idle socket; a password-reset
 * request should not hang that long on a dead relay, so bound each step. Notification e-mail runs as a
 * queue job whose time limit (60 s) is above these together: a hanging relay fails the attempt here, and
 * the queue tries again later.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Outbox files are named by creation time so that sorting names sorts mail oldest → newest. Within
 * one process the stamp is forced to increase, so two mails in the same millisecond keep their order.
 */
let lastStamp = 0;
function outboxFileName(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = new Date(lastStamp).toISOString().replace(/[:.]/g, '-'); // no ':' — invalid on Windows
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/** Listed field by field so a caller's object cannot smuggle in `from`, headers or attachments. */
function compose(from: string, message: MailMessage) {
  const { to, subject, text, html, listUnsubscribe } = message;
  return {
    from,
    to,
    subject,
    text,
    ...(html !== undefined && { html }),
    ...(listUnsubscribe !== undefined && {
      headers: {
        // `prepared`: the URL goes out as is, never folded or encoded (mail apps read it whole).
        'List-Unsubscribe': { prepared: true, value: `<${listUnsubscribe}>` },
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}

/** Nodemailer is loaded on the first mail, not at start-up (a restart is back in service sooner). */
function lazyTransport(
  create: (mailer: typeof nodemailer) => Transporter | Promise<Transporter>,
): () => Promise<Transporter> {
  let transporter: Promise<Transporter> | undefined;
  return () => (transporter ??= import('nodemailer').then(({ default: mailer }) => create(mailer)));
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;

  if (smtpUrl) {
    // The URL carries the relay credentials, so it is never logged.
    // Nodemailer drops every other option when given `url`, so the URL is read into options first: the timeouts
    // hold (query parameters in the URL still win, for an operator who needs other ones).
    const transporter = lazyTransport(async (mailer) => {
      const { parseConnectionUrl } = await import('nodemailer/lib/shared/index.js');
      return mailer.createTransport({
        ...SMTP_TIMEOUTS,
        ...options.timeouts,
        ...parseConnectionUrl(smtpUrl),
      });
    });
    return {
      transport: 'smtp',
      async send(message) {
        const info = await (await transporter()).sendMail(compose(from, message));
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }

  // Same MIME composer as the SMTP path, so the .eml has the shape a relay would receive.
  const composer = lazyTransport((mailer) => mailer.createTransport({ streamTransport: true, buffer: true }));
  return {
    transport: 'outbox',
    async send(message) {
      const info = await (await composer()).sendMail(compose(from, message));
      // Owner-only: the body holds password-reset tokens.
      await makeFolder(outboxDir, 0o700);
      const file = join(outboxDir, outboxFileName());
      await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
      // Never the body: it contains the reset link, which is as good as the password.
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

export interface OutboxMail extends ParsedMail {
  /** Absolute or relative path, as joined from `outboxDir`. */
  file: string;
}

/** Reads every .eml in the outbox, oldest first (newest last). A missing directory reads as empty. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = join(outboxDir, name);
      return { file, ...parseEml(await readFile(file, 'utf8')) };
    }),
  );
}
