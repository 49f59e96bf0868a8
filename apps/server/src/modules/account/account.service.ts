import {
  PASSWORD_RESET_TOKEN_TTL_MS,
  DEFAULT_LOCALE,
  ROUTES,
  fillText,
  messages,
  normalizePhoneNumber,
  textsFor,
  type CurrentUser,
  type Locale,
  type LoginResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import { HttpError, sqlState, violatedConstraint } from '../../lib/http-error.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { EventBus } from '../../events/bus.js';
import type { DurableEvents } from '../../events/durable.js';
import type { CaptchaVerifier } from '../../services/captcha/index.js';
import * as repo from './account.repository.js';
import type { SessionService } from './session.service.js';
import type { EmailVerification } from './email-verification.js';

const reg = messages.register;

/** What the account slice (and notification e-mail) needs from the mail service (services/mail). */
export interface MailSender {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    listUnsubscribe?: string;
  }): Promise<void>;
}

interface Log {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface AccountServiceOptions {
  db: Database;
  /** DEFAULT_LOCALE: the language of e-mails to a person who saved none. */
  defaultLocale?: Locale;
  sessions: SessionService;
  captcha: Pick<CaptchaVerifier, 'verify'>;
  mailer: MailSender;
  log: Log;
  productName: string;
  supportEmail: string;
  publicUrl: string;
  /** Told when a single session ends (logout), after the change is stored. */
  events: EventBus;
  /** Records sessions ended everywhere in their transaction: the person's browsers are forgotten with them. */
  durable: DurableEvents;
  /** The new address's disposable-mail check, and its verification link (sent with the registration). */
  verification: Pick<EmailVerification, 'checkAddress' | 'requestLink'>;
  clock?: () => Date;
}

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(options: AccountServiceOptions) {
  const { db, sessions, captcha, mailer, log, events, durable, verification } = options;
  const clock = options.clock ?? (() => new Date());
  /** Reset mails go out in the background (see requestPasswordReset); close() waits for them. */
  const deliveries = new Set<Promise<void>>();

  function conflictFor(error: unknown): HttpError | undefined {
    if (sqlState(error) !== '23505') return undefined;
    return violatedConstraint(error)?.includes('email')
      ? new HttpError(409, reg.emailTaken, { email: reg.emailTaken })
      : new HttpError(409, reg.usernameTaken, { userName: reg.usernameTaken });
  }

  async function sendResetLink(email: string): Promise<void> {
    // After the answer is written: on PGlite the queries below are CPU work on this very thread.
    await new Promise((resolve) => setImmediate(resolve));
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.bannedAt) return;
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS);
    await repo.insertResetToken(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt,
    });
    const link = `${options.publicUrl}${ROUTES.newPassword}?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(PASSWORD_RESET_TOKEN_TTL_MS / 60_000);
    const product = options.productName;
    // In the person's saved language, else the installation's: the e-mail is read away from any browser.
    const T = textsFor(user.language ?? options.defaultLocale ?? DEFAULT_LOCALE).passwordReset;
    const mail = {
      to: user.email,
      subject: fillText(T.emailSubject, { product }),
      text: fillText(T.emailBody, { username: user.username, product, minutes, link }),
    };
    await mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error, userId: user.id }, 'password reset mail failed'));
  }

  return {
    async register(input: RegisterRequest, meta: ClientMeta = {}): Promise<{ id: number; username: string }> {
      // Whatever the browser says about isCaptchaVerified, only the server's own check counts.
      const check = await captcha.verify(input.captchaToken, meta.ip);
      if (!check.ok) {
        log.info({ reason: check.reason }, 'registration refused: captcha');
        throw new HttpError(400, reg.captchaRequired, { captchaToken: reg.captchaRequired });
      }
      const taken = await repo.findTakenNames(db, input.userName, input.email);
      if (taken.username) throw new HttpError(409, reg.usernameTaken, { userName: reg.usernameTaken });
      if (taken.email) throw new HttpError(409, reg.emailTaken, { email: reg.emailTaken });

      const phone = normalizePhoneNumber(input.phoneNumber);
      if (!phone) throw new HttpError(400, reg.phoneInvalid, { phoneNumber: reg.phoneInvalid });
      await verification.checkAddress(input.email);
      const passwordHash = await hashPassword(input.password);
      try {
        // The account and its verification e-mail exist together or not at all.
        return await withTransaction(db, async (tx) => {
          const user = await repo.insertUser(tx, {
            username: input.userName,
            email: input.email,
            phoneE164: phone,
            passwordHash,
            address: input.address || null,
            latitude: input.latitude,
            longitude: input.longitude,
            termsAcceptedAt: clock(),
          });
          await verification.requestLink(tx, user.id);
          return user;
        });
      } catch (error) {
        // Two people picking the same name at the same moment: the unique index decides, and it is a 409.
        throw conflictFor(error) ?? error;
      }
    },

    async login(userName: string, password: string, meta: ClientMeta = {}): Promise<LoginResponse['data']> {
      const user = await repo.findUserByLogin(db, userName);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid) throw new HttpError(401, messages.login.invalidCredentials);
      if (user.bannedAt) {
        throw new HttpError(403, fillText(messages.login.banned, { email: options.supportEmail }));
      }
      if (needsRehash(user.passwordHash)) {
        // Hash parameters were raised since this password was set; upgrade it while we know the password.
        await repo.updatePasswordHash(db, user.id, await hashPassword(password));
      }
      const authToken = await sessions.open(user.id, meta);
      return {
        authToken,
        id: user.id,
        username: user.username,
        imageUrl: user.imageUrl,
        coverPhotoUrl: user.coverPhotoUrl,
      };
    },

    async currentUser(userId: number): Promise<CurrentUser> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new HttpError(401, messages.common.loginRequired);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        imageUrl: user.imageUrl,
        coverPhotoUrl: user.coverPhotoUrl,
        role: user.role,
        address: user.address,
        latitude: user.latitude,
        longitude: user.longitude,
        emailVerified: user.emailVerifiedAt !== null,
        language: user.language,
      };
    },

    async logout(userId: number, sessionId: number): Promise<void> {
      await sessions.revoke(sessionId);
      await events.emit('session.ended', { userId, sessionIds: [sessionId], reason: 'logout' });
    },

    /** Every session of the person ends, on every device, this one included. */
    async logoutEverywhere(userId: number): Promise<void> {
      // The sessions and the person's browsers (push) end together (events/durable.ts).
      await durable.transaction(async (tx, record) => {
        await repo.revokeUserSessions(tx, userId, clock());
        await record('session.ended', { userId, reason: 'logoutEverywhere' });
      });
    },

    /**
     * Answers the same whether or not the address belongs to someone, so the form cannot be used to find out who
     * has an account. Everything after the answer (look-up, token, mail) runs in the background for the same
     * reason: a known address cost a token insert and the start of a mail, twice the time of an unknown one.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const delivery = sendResetLink(email)
        .catch((error: unknown) => log.error({ err: error }, 'password reset request failed'))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },

    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const tokenHash = hashToken(input.token);
      // A cheap look first, so a made-up token never costs an argon2 hash.
      if (!(await repo.findUsableResetToken(db, tokenHash, clock()))) {
        throw new HttpError(400, messages.passwordReset.tokenInvalid, {
          token: messages.passwordReset.tokenInvalid,
        });
      }
      const passwordHash = await hashPassword(input.password);
      await durable.transaction(async (tx, record) => {
        const now = clock();
        const userId = await repo.claimResetToken(tx, tokenHash, now);
        if (userId === undefined) {
          throw new HttpError(400, messages.passwordReset.tokenInvalid, {
            token: messages.passwordReset.tokenInvalid,
          });
        }
        await repo.updatePasswordHash(tx, userId, passwordHash);
        await repo.retireResetTokens(tx, userId, now);
        // Whoever knew the old password may be signed in somewhere: every session ends with it.
        await repo.revokeUserSessions(tx, userId, now);
        await record('session.ended', { userId, reason: 'passwordReset' });
      });
    },

    /** Waits for reset mails still being sent (shutdown, tests). */
    async settleDeliveries(): Promise<void> {
      await Promise.allSettled([...deliveries]);
    },
  };
}
