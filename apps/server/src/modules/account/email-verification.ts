/**
 * Verified e-mail (docs/product.md §15). A new or changed address gets a link to ROUTES.verifyEmail; opening it
 * verifies that address. Until then the address receives nothing but this link and password resets
 * (notification e-mail checks `emailVerifiedAt`), and one address receives at most three links a day across
 * every account that names it, so registering with a stranger's address cannot flood their inbox.
 *
 * The link is sent by a job enqueued in the write's own transaction: the registration or the change and its
 * e-mail exist together or not at all. The token is made when the job runs, so only its hash is ever stored.
 */
import {
  EMAIL_VERIFICATION_TTL_MS,
  EMAIL_VERIFICATIONS_PER_ADDRESS_PER_DAY,
  DEFAULT_LOCALE,
  ROUTES,
  fillText,
  messages,
  textsFor,
  type Locale,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import { HttpError, TooManyRequestsError } from '../../lib/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Executor } from '../../jobs/queue/queue.repository.js';
import type { JobKind, JobQueue } from '../../jobs/queue/queue.js';
import type { MailSender } from './account.service.js';
import { isDisposableAddress } from './disposable-email.js';
import * as repo from './email-verification.repository.js';

const V = messages.emailVerification;
const DAY_MS = 24 * 60 * 60 * 1000;
export const VERIFICATION_JOB = 'email.verification';

interface Log {
  info(object: object, message: string): void;
}

export interface EmailVerificationOptions {
  db: Database;
  queue: Pick<JobQueue, 'enqueue'>;
  mailer: MailSender;
  log: Log;
  publicUrl: string;
  productName: string;
  /** DEFAULT_LOCALE: the language of the link's e-mail to a person who saved none. */
  defaultLocale?: Locale;
  /** ALLOW_DISPOSABLE_EMAIL: addresses at disposable-mail services are accepted too. */
  allowDisposable: boolean;
  clock?: () => Date;
}

interface VerificationJob {
  userId: number;
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;

export function createEmailVerification(options: EmailVerificationOptions) {
  const { db, queue, mailer, log } = options;
  const clock = options.clock ?? (() => new Date());

  /** Whether one more link may go to this address now; when not, how long until one may. */
  async function capacity(tx: Executor, hash: string, now: Date) {
    const { sends, oldest } = await repo.sendsSince(tx, hash, new Date(now.getTime() - DAY_MS));
    if (sends < EMAIL_VERIFICATIONS_PER_ADDRESS_PER_DAY) return { allowed: true as const };
    const retryAfterMs = oldest ? Math.max(1_000, oldest.getTime() + DAY_MS - now.getTime()) : DAY_MS;
    return { allowed: false as const, retryAfterMs };
  }

  /**
   * The job: the person as they are now gets a link for the address they have now. Nothing is sent to a banned,
   * deleted or already verified person, nor past the address's daily cap (logged, not retried).
   */
  async function sendLink({ userId }: VerificationJob): Promise<void> {
    const person = await repo.findAddressee(db, userId);
    if (!person || person.bannedAt || person.emailVerifiedAt) return;
    const hash = repo.addressHash(person.email);
    const token = newToken();
    const tokenHash = hashToken(token);
    const now = clock();
    const sendId = await withTransaction(db, async (tx) => {
      await repo.lockAddress(tx, hash);
      if (!(await capacity(tx, hash, now)).allowed) return undefined;
      await repo.insertToken(tx, {
        tokenHash,
        userId,
        email: person.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
      });
      return repo.recordSend(tx, hash, now);
    });
    if (sendId === undefined) {
      log.info({ userId }, 'verification e-mail not sent: the address had its daily number');
      return;
    }
    const link = `${options.publicUrl}${ROUTES.verifyEmail}?token=${encodeURIComponent(token)}`;
    const product = options.productName;
    // In the person's saved language, else the installation's: the e-mail is read away from any browser.
    const T = textsFor(person.language ?? options.defaultLocale ?? DEFAULT_LOCALE).emailVerification;
    try {
      await mailer.send({
        to: person.email,
        subject: fillText(T.emailSubject, { product }),
        text: fillText(T.emailBody, { username: person.username, email: person.email, product, link }),
      });
    } catch (error) {
      // Not handed over: the send does not count against the cap, and the retry makes a new link.
      await withTransaction(db, (tx) => repo.forgetSend(tx, sendId, tokenHash));
      throw error;
    }
  }

  const job: JobKind<VerificationJob> = { name: VERIFICATION_JOB, handler: sendLink, maxAttempts: 6 };

  return {
    job,

    /** Refuses a disposable-mail address (400 on the e-mail field) unless the installation accepts them. */
    async checkAddress(email: string): Promise<void> {
      if (options.allowDisposable) return;
      if (await isDisposableAddress(email)) throw new HttpError(400, V.disposable, { email: V.disposable });
    },

    /** Enqueues the link for the person's current address, in the caller's transaction. */
    async requestLink(tx: Executor, userId: number): Promise<void> {
      await queue.enqueue(VERIFICATION_JOB, { userId } satisfies VerificationJob, { tx });
    },

    /**
     * "Send the link again": refused when the address is verified already (400) or has had its three links
     * today (429 with Retry-After). Answers the address the link goes to.
     */
    async resend(userId: number): Promise<string> {
      const person = await repo.findAddressee(db, userId);
      if (!person || person.bannedAt) throw new HttpError(401, messages.common.loginRequired);
      if (person.emailVerifiedAt) throw new HttpError(400, V.alreadyVerified);
      const room = await capacity(db, repo.addressHash(person.email), clock());
      if (!room.allowed) throw new TooManyRequestsError(V.dailyLimit, room.retryAfterMs);
      await queue.enqueue(VERIFICATION_JOB, { userId } satisfies VerificationJob);
      return person.email;
    },

    /**
     * Opens a link: the address it was sent to is verified if it is still the person's. A link opened a second
     * time for an address that is verified answers so; anything else (unknown, expired, used, address changed
     * since) is the one readable 400.
     */
    async verify(token: string): Promise<'verified' | 'alreadyVerified'> {
      const tokenHash = hashToken(token);
      const invalid = () => new HttpError(400, V.tokenInvalid, { token: V.tokenInvalid });
      const outcome = await withTransaction(db, async (tx) => {
        const now = clock();
        const claimed = await repo.claimToken(tx, tokenHash, now);
        if (!claimed) return undefined;
        if (!(await repo.markVerified(tx, claimed.userId, claimed.email, now))) throw invalid();
        await repo.retireTokens(tx, claimed.userId, now);
        return 'verified' as const;
      });
      if (outcome) return outcome;
      const known = await repo.findToken(db, tokenHash);
      const person = known && (await repo.findAddressee(db, known.userId));
      const sameAddress = person && person.email.toLowerCase() === known.email.toLowerCase();
      if (sameAddress && person.emailVerifiedAt) return 'alreadyVerified';
      throw invalid();
    },
  };
}
