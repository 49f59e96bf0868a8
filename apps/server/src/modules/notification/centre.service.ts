/**
 * The notification centre (docs/product.md §10): every person's list of what happened while they looked
 * elsewhere. Processors (notification.processors.ts) turn domain events into entries here, in their own
 * transaction; every change records `notification.created` (push, e-mail) and `notification.countChanged` (the bell
 * on /generalhub), told live after the commit.
 */
import {
  NOTIFICATION_TYPES,
  translateText,
  type Locale,
  type Notification,
  type NotificationType,
} from '@rummage/contract';
import type { Database, Transaction } from '../../db/client.js';
import type { NotificationRow } from '../../db/schema.js';
import type { EventBus } from '../../events/bus.js';
import type { DurableEvents, RecordEvent } from '../../events/durable.js';
import * as repo from './centre.repository.js';

export interface NotificationEntry {
  type: NotificationType;
  /** A text, or the text for the number of distinct actors the entry has gathered ("3 people liked …"). */
  title: string | ((actors: number) => string);
  body: string;
  link: string;
  /** Events of one group gather into one unread entry (chat:<productId>:<otherUserId>, like:<productId>:<hour>). */
  groupKey?: string;
  actorId?: number;
  /** The person's own action, recorded read: no bell, push or e-mail (centre.repository.ts NewEntry). */
  ownAction?: boolean;
  /** Whom a record of one's own action names, forgotten with their account (centre.repository.ts NewEntry). */
  namedId?: number;
}

/** An entry each person gets at most once: its group names it. */
export type OnceEntry = NotificationEntry & { groupKey: string; title: string };

export interface NotificationPage {
  data: Notification[];
  hasMore: boolean;
  unread: number;
}

export type NotificationCentre = ReturnType<typeof createNotificationCentre>;

/** The entry as people see it; `createdAt` is when it last changed, the time of the newest event it gathered. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.updatedAt.toISOString(),
    isRead: row.readAt !== null,
  };
}

/**
 * The types whose body is the product's own text ("Held until …"); the others' is what a person wrote or a
 * listing's title, and stays as it is.
 */
const WORDED_BODIES: ReadonlySet<NotificationType> = new Set([
  NOTIFICATION_TYPES.garageSale,
  NOTIFICATION_TYPES.like,
  NOTIFICATION_TYPES.reservation,
  NOTIFICATION_TYPES.deal,
  NOTIFICATION_TYPES.review,
  NOTIFICATION_TYPES.offer,
]);

/**
 * An entry in its reader's language. Entries keep the contract's English texts, written once for whoever reads
 * them; each reader (the list, a push, an e-mail) gets them said in theirs, prices in the installation's currency.
 */
export function entryIn<T extends { type: string; title: string; body: string }>(
  entry: T,
  locale: Locale,
  currency: string,
): T {
  if (locale === 'en') return entry;
  const said = { currency };
  return {
    ...entry,
    title: translateText(entry.title, locale, said),
    body: WORDED_BODIES.has(entry.type as NotificationType)
      ? translateText(entry.body, locale, said)
      : entry.body,
  };
}

/**
 * Where a change of the centre is written: a transaction and its recorder (a processor's context, or
 * `durable.transaction`'s). `notification.created` is recorded there, so its push and e-mail commit with the entry.
 */
export interface Writing {
  tx: Transaction;
  record: RecordEvent;
}

export function createNotificationCentre(options: {
  db: Database;
  events: EventBus;
  durable: DurableEvents;
}) {
  const { db, events, durable } = options;

  /** Records the news of entries just made or updated for their people (push, e-mail, the bell). */
  async function told(w: Writing, rows: readonly NotificationRow[]): Promise<number> {
    const unreadRows = rows.filter((row) => row.readAt === null);
    const counts = await repo.countUnreadOf(
      w.tx,
      unreadRows.map((row) => row.userId),
    );
    for (const row of unreadRows) {
      const unread = counts.get(row.userId) ?? 0;
      await w.record('notification.created', {
        userId: row.userId,
        notification: toNotification(row),
        unread,
      });
      await w.record('notification.countChanged', { userId: row.userId, unread });
    }
    return rows.length;
  }

  async function countChanged(userId: number, changed: number): Promise<number> {
    const unread = await repo.countUnread(db, userId);
    if (changed > 0) await events.emit('notification.countChanged', { userId, unread });
    return unread;
  }

  return {
    /**
     * Adds an entry for `userId`, or updates the unread one of the same group (new texts, back to the top), in
     * `w`'s transaction. Nothing for a deleted or banned account: answers undefined then.
     */
    async notify(w: Writing, userId: number, entry: NotificationEntry): Promise<Notification | undefined> {
      const { title } = entry;
      let row = await repo.upsertEntry(w.tx, userId, {
        ...entry,
        title: typeof title === 'string' ? title : title(1),
      });
      if (!row) return undefined;
      // A counted title is re-titled in the same transaction as its count.
      if (typeof title !== 'string' && row.actorCount > 1) {
        const gathered = title(row.actorCount);
        await repo.setTitle(w.tx, row.id, gathered);
        row = { ...row, title: gathered };
      }
      await told(w, [row]);
      return toNotification(row);
    },

    /**
     * Adds the entry for each of these people who never had one of its group (a reminder, a followed seller's
     * new listing, a saved search's new matches), in one statement in `w`'s transaction: a job that dies before
     * its commit leaves neither the entries nor what they are about. Answers how many were told.
     */
    async notifyEachOnce(w: Writing, userIds: readonly number[], entry: OnceEntry): Promise<number> {
      return told(w, await repo.insertOnceForEach(w.tx, [...new Set(userIds)], entry));
    },

    /** `notify` in a transaction of its own (staff tools, tests). */
    notifyNow(userId: number, entry: NotificationEntry): Promise<Notification | undefined> {
      return durable.transaction((tx, record) => this.notify({ tx, record }, userId, entry));
    },

    async list(userId: number, page: { page: number; pageSize: number }): Promise<NotificationPage> {
      const rows = await repo.listEntries(db, userId, (page.page - 1) * page.pageSize, page.pageSize + 1);
      return {
        data: rows.slice(0, page.pageSize).map(toNotification),
        hasMore: rows.length > page.pageSize,
        unread: await repo.countUnread(db, userId),
      };
    },

    /**
     * Ids that are not this person's, or unknown, change nothing and are not told apart. Answers the count. The
     * entries read are recorded as opened (`notification.opened`), for what follows from opening one.
     */
    async markRead(userId: number, ids: number[]): Promise<number> {
      const changed = await durable.transaction(async (tx, record) => {
        const rows = await repo.markIdsRead(tx, userId, ids);
        if (rows.length > 0)
          await record('notification.opened', {
            userId,
            entries: rows.map((row) => ({ type: row.type as NotificationType, groupKey: row.groupKey })),
          });
        return rows.length;
      });
      return countChanged(userId, changed);
    },

    async markAllRead(userId: number): Promise<number> {
      return countChanged(userId, await repo.markAllRead(db, userId));
    },

    /**
     * Reading the thing itself (a chat, a ticket) reads its entry: `groupKey` names it. Answers how many entries
     * that read (mostly none: most chat reads have no unread entry, and then nothing is counted or told).
     */
    async readWhere(w: Writing, userId: number, where: { groupKey: string }): Promise<number> {
      const changed = await repo.markGroupRead(w.tx, userId, where.groupKey);
      if (changed > 0)
        await w.record('notification.countChanged', { userId, unread: await repo.countUnread(w.tx, userId) });
      return changed;
    },

    unreadCount: (userId: number) => repo.countUnread(db, userId),
  };
}
