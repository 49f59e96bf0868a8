/**
 * Notification e-mail (docs/product.md §10 "E-mail"): a chat message, a support answer or a notice (a reservation,
 * a saved-search match, an offer) still unread after NOTIFY_EMAIL_DELAY_MS is e-mailed, at most once per thread (a chat, a
 * ticket, one kind of a person's notices) per hour. Each message or entry enqueues a delayed job (one per thread
 * and time bucket); the job decides when it runs, so a message read meanwhile, a preference switched off, a
 * banned or deleted account all mean no e-mail. What arrives within the hour after an e-mail is covered by one
 * follow-up job at the hour's end, if still unread then.
 */
import {
  API,
  ROUTES,
  SPEC_LOCALE,
  fillText,
  messages,
  textsFor,
  type EmailUnsubscribeKind,
  type InstallationLocale,
  type Locale,
  type NotificationType,
} from '@rummage/contract';
import type { Database } from '../../../db/client.js';
import type { DomainEventMap } from '../../../events/domain-events.js';
import type { ProcessorContext } from '../../../events/durable.js';
import type { JobKind, JobQueue } from '../../../jobs/queue/queue.js';
import type { MailSender } from '../../account/account.service.js';
import type { NotificationPreferencesService } from '../preferences.service.js';
import { entryIn } from '../centre.service.js';
import { nameInNotices } from '../names.js';
import { renderEmail, type EmailContent } from './email.content.js';
import * as repo from './email.repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

const N = messages.notifications;

export const EMAIL_JOBS = {
  chat: 'email.chatMessage',
  support: 'email.supportAnswer',
  notices: 'email.notices',
} as const;

/**
 * Notices e-mailed whoever makes their entries (`notification.created`), by type: the preference and unsubscribe
 * kind, the subject for several, and the intro.
 */
const NOTICES = {
  reservation: {
    kind: 'reservations',
    subjectMany: 'emailReservationsSubjectMany',
    intro: 'emailReservationsIntro',
  },
  savedSearch: {
    kind: 'savedSearches',
    subjectMany: 'emailSavedSearchesSubjectMany',
    intro: 'emailSavedSearchesIntro',
  },
  offer: {
    kind: 'offers',
    subjectMany: 'emailOffersSubjectMany',
    intro: 'emailOffersIntro',
  },
} as const satisfies Partial<
  Record<NotificationType, { kind: EmailUnsubscribeKind; subjectMany: keyof typeof N; intro: keyof typeof N }>
>;
export type EmailedNoticeType = keyof typeof NOTICES;
const isEmailedNotice = (type: NotificationType): type is EmailedNoticeType => Object.hasOwn(NOTICES, type);

const HOUR_MS = 3_600_000;
/** Clocks of the database and the process may differ a little: a job this close to its time counts as due. */
const TOLERANCE_MS = 1_000;

export interface NotificationEmailOptions {
  db: Database;
  queue: JobQueue;
  mailer: MailSender;
  preferences: NotificationPreferencesService;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  productName: string;
  /** The installation's language and currency: an e-mail is in its recipient's saved language, else this one. */
  locale?: Pick<InstallationLocale, 'defaultLocale' | 'currency'>;
  /** How long a message stays unread before it is e-mailed (NOTIFY_EMAIL_DELAY_MS). */
  delayMs: number;
  /** At most one e-mail per thread this often: an hour (tests shorten it). */
  paceMs?: number;
}

interface ChatJob {
  productId: number;
  buyerId: number;
  receiverId: number;
}
interface SupportJob {
  ticketId: number;
}
interface NoticesJob {
  userId: number;
  type: EmailedNoticeType;
}
type ThreadJob = ChatJob | SupportJob | NoticesJob;

/** One thread's e-mail, as the job finds it when it runs. */
interface Thread {
  job: string;
  payload: ThreadJob;
  key: string;
  recipientId: number;
  type: NotificationType;
  unsubscribeKind: EmailUnsubscribeKind;
  pending(since: Date | undefined, until: Date): Promise<repo.PendingMessage[]>;
  /** What the e-mail says about these (at least one), in the recipient's language. */
  describe(
    pending: repo.PendingMessage[],
    reader: Locale,
  ): Promise<Omit<EmailContent, 'unsubscribeUrl' | 'settingsUrl' | 'productName'>>;
}

export type NotificationEmail = ReturnType<typeof createNotificationEmail>;

export function createNotificationEmail(options: NotificationEmailOptions) {
  const { db, queue, mailer, preferences, tokens, publicUrl, productName, delayMs } = options;
  const paceMs = options.paceMs ?? HOUR_MS;
  const locale = options.locale ?? SPEC_LOCALE;
  // Messages of one thread within one delay's span share a job; the job looks at everything unread when it runs.
  const bucket = () => Math.floor(Date.now() / Math.max(delayMs, 1_000));

  const unsubscribeUrl = async (userId: number, kind: EmailUnsubscribeKind) =>
    `${publicUrl}${API.notifications.unsubscribe}?token=${encodeURIComponent(await tokens.sign(userId, kind))}`;

  async function deliver(thread: Thread) {
    const recipient = await repo.findRecipient(db, thread.recipientId);
    // An address nobody has confirmed gets nothing but its verification link and password resets (§15).
    if (!recipient?.email || recipient.bannedAt || !recipient.emailVerifiedAt) return;
    if (!(await preferences.allows(thread.recipientId, 'email', thread.type))) return;
    const previous = await repo.lastSentAt(db, thread.recipientId, thread.key);
    const now = new Date();
    const pending = await thread.pending(previous, now);
    const oldest = pending[0];
    if (!oldest) return; // read meanwhile, or e-mailed already
    const again = (runAt: Date, why: string) =>
      queue.enqueue(thread.job, thread.payload, {
        runAt,
        idempotencyKey: `${thread.job}:${thread.recipientId}:${thread.key}:${why}`,
      });
    // A job shared with an earlier message that was read since: wait until this one has waited its delay.
    if (now.getTime() - oldest.createdAt.getTime() + TOLERANCE_MS < delayMs) {
      // Keyed by the version too: an entry changed again (a new reservation) waits anew.
      await again(
        new Date(oldest.createdAt.getTime() + delayMs),
        `due:${oldest.id}:${oldest.createdAt.getTime()}`,
      );
      return;
    }
    // E-mailed within the hour: one follow-up at the hour's end covers whatever is still unread then.
    if (previous && now.getTime() - previous.getTime() + TOLERANCE_MS < paceMs) {
      await again(new Date(previous.getTime() + paceMs), `after:${previous.getTime()}`);
      return;
    }
    if (!(await repo.takeSlot(db, thread.recipientId, thread.key, previous, now))) return;
    try {
      const unsubscribe = await unsubscribeUrl(thread.recipientId, thread.unsubscribeKind);
      const reader = recipient.language ?? locale.defaultLocale;
      const email = renderEmail(
        {
          ...(await thread.describe(pending, reader)),
          unsubscribeUrl: unsubscribe,
          settingsUrl: `${publicUrl}${ROUTES.notificationSettings}`,
          productName,
        },
        reader,
      );
      await mailer.send({ to: recipient.email, ...email, listUnsubscribe: unsubscribe });
    } catch (error) {
      // The send failed (the relay is down): the slot goes back so the queue's retry may send.
      await repo.giveSlotBack(db, thread.recipientId, thread.key, now, previous);
      throw error;
    }
  }

  async function chatThread({ productId, buyerId, receiverId }: ChatJob): Promise<Thread | undefined> {
    const chat = await repo.findChatThread(db, productId, buyerId, receiverId);
    if (!chat) return undefined;
    return {
      job: EMAIL_JOBS.chat,
      payload: { productId, buyerId, receiverId },
      key: `chat:${chat.conversationId}`,
      recipientId: receiverId,
      type: 'message',
      unsubscribeKind: 'messages',
      pending: (since, until) => repo.pendingChatMessages(db, chat, receiverId, since, until),
      async describe(pending, reader) {
        const T = textsFor(reader).notifications;
        const name = await nameInNotices(db, chat.otherUserId);
        const named = { name: name === N.deletedUser ? T.deletedUser : name, title: chat.title };
        return {
          subject: fillText(T.emailMessageSubject, named),
          intro: fillText(T.emailMessageIntro, named),
          items: pending.map((message) => ({ text: message.body })),
          link: `${publicUrl}${ROUTES.chat(chat.otherUserId, productId)}`,
        };
      },
    };
  }

  async function supportThread({ ticketId }: SupportJob): Promise<Thread | undefined> {
    const ticket = await repo.findSupportThread(db, ticketId);
    if (!ticket) return undefined;
    return {
      job: EMAIL_JOBS.support,
      payload: { ticketId },
      key: `support:${ticketId}`,
      recipientId: ticket.ownerId,
      type: 'support',
      unsubscribeKind: 'support',
      pending: (since, until) => repo.pendingSupportAnswers(db, ticket, since, until),
      describe: async (pending, reader) => ({
        subject: fillText(textsFor(reader).notifications.emailSupportSubject, { product: productName }),
        intro: fillText(textsFor(reader).notifications.emailSupportIntro, { product: productName }),
        items: pending.map((answer) => ({ text: answer.body })),
        link: `${publicUrl}${ROUTES.support}`,
      }),
    };
  }

  /** One kind of the person's notices: each unread entry with its title and page, one e-mail per hour. */
  function noticesThread({ userId, type }: NoticesJob): Thread {
    const notice = NOTICES[type];
    return {
      job: EMAIL_JOBS.notices,
      payload: { userId, type },
      key: `notices:${notice.kind}`,
      recipientId: userId,
      type,
      unsubscribeKind: notice.kind,
      pending: (since, until) => repo.pendingNotices(db, userId, type, since, until),
      describe: async (pending, reader) => {
        const T = textsFor(reader).notifications;
        const said = pending.map((entry) =>
          entryIn({ type, title: entry.title ?? '', body: entry.body }, reader, locale.currency),
        );
        return {
          // One entry's title says it all ("Ana reserved Lamp for you"); several are counted.
          subject:
            said.length === 1 && said[0]?.title
              ? said[0].title
              : fillText(T[notice.subjectMany], { count: pending.length }),
          intro: fillText(T[notice.intro], { product: productName }),
          items: pending.map((entry, index) => ({
            heading: said[index]?.title ?? '',
            text: said[index]?.body ?? entry.body,
            ...(entry.link && { link: `${publicUrl}${entry.link}` }),
          })),
          link: `${publicUrl}${ROUTES.notifications}`,
          linkText: T.emailOpenNotifications,
        };
      },
    };
  }

  // The relay's own timeouts (services/mail) end a hanging send well within the job's time limit.
  const retries = { maxAttempts: 10, timeoutMs: 60_000 };
  const chatJob: JobKind<ChatJob> = {
    name: EMAIL_JOBS.chat,
    ...retries,
    handler: async (payload) => {
      const thread = await chatThread({
        productId: Number(payload.productId),
        buyerId: Number(payload.buyerId),
        receiverId: Number(payload.receiverId),
      });
      if (thread) await deliver(thread);
    },
  };
  const supportJob: JobKind<SupportJob> = {
    name: EMAIL_JOBS.support,
    ...retries,
    handler: async (payload) => {
      const thread = await supportThread({ ticketId: Number(payload.ticketId) });
      if (thread) await deliver(thread);
    },
  };
  const noticesJob: JobKind<NoticesJob> = {
    name: EMAIL_JOBS.notices,
    ...retries,
    handler: async ({ userId, type }) => {
      if (isEmailedNotice(type)) await deliver(noticesThread({ userId: Number(userId), type }));
    },
  };

  // Keys whose job this process saw committed lately: a burst of messages in one chat costs one insert, not one
  // per message (the idempotency key makes the others no-ops anyway, and other processes' inserts stay no-ops too).
  // A key is kept only once its transaction committed: one rolled back must not stop the next try from enqueueing.
  const enqueued = new Set<string>();
  async function enqueueOnce(w: InTransaction, job: string, payload: ThreadJob, key: string) {
    if (enqueued.has(key)) return;
    await queue.enqueue(job, payload, { delayMs, idempotencyKey: key, tx: w.tx });
    w.afterCommit(() => {
      if (enqueued.size >= 10_000) enqueued.clear();
      enqueued.add(key);
    });
  }

  return {
    /** The e-mail jobs' kinds (defined in the composition root). */
    jobs: [chatJob, supportJob, noticesJob] as JobKind[],
    unsubscribeUrl,
    /** The `chat.messageSent` processor: the receiver's thread e-mail, if the message stays unread. */
    async chatMessageSent(event: DomainEventMap['chat.messageSent'], w: InTransaction) {
      const { productId, buyerId, receiverId } = event;
      const key = `${EMAIL_JOBS.chat}:${productId}:${buyerId}:${receiverId}:${bucket()}`;
      await enqueueOnce(w, EMAIL_JOBS.chat, { productId, buyerId, receiverId }, key);
    },
    /** The `support.messageSent` processor: staff answers are e-mailed to the ticket's owner. */
    async supportMessageSent(event: DomainEventMap['support.messageSent'], w: InTransaction) {
      const { ticketId, byStaff } = event;
      if (byStaff)
        await enqueueOnce(
          w,
          EMAIL_JOBS.support,
          { ticketId },
          `${EMAIL_JOBS.support}:${ticketId}:${bucket()}`,
        );
    },
    /**
     * The `notification.created` processor. Driven by the entry, not by what made it: a notice of these types from
     * any processor or job is e-mailed.
     */
    async noticeCreated(event: DomainEventMap['notification.created'], w: InTransaction) {
      const { userId, notification } = event;
      if (notification.isRead || !isEmailedNotice(notification.type)) return;
      await enqueueOnce(
        w,
        EMAIL_JOBS.notices,
        { userId, type: notification.type },
        `${EMAIL_JOBS.notices}:${userId}:${notification.type}:${bucket()}`,
      );
    },
  };
}

/** Where a processor enqueues: its transaction, and what to do once that committed. */
type InTransaction = Pick<ProcessorContext, 'tx' | 'afterCommit'>;
