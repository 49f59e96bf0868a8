/**
 * The notification centre (docs/product.md §10): every person's list of what happened while they looked
 * elsewhere. Subscribers (subscribers/*.ts) turn domain events into entries here; every change is told on the bus
 * (`notification.created` for push, `notification.countChanged` for the bell on /generalhub).
 */
import type { Notification, NotificationType } from '@rummage/contract';
import { withTransaction, type Database, type Transaction } from '../../db/client.js';
import type { NotificationRow } from '../../db/schema.js';
import type { EventBus } from '../../events/bus.js';
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

export function createNotificationCentre(options: { db: Database; events: EventBus }) {
  const { db, events } = options;

  async function told(userId: number, row: NotificationRow | undefined): Promise<Notification | undefined> {
    if (!row) return undefined;
    if (row.readAt !== null) return toNotification(row);
    const unread = await repo.countUnread(db, userId);
    const notification = toNotification(row);
    await events.emit('notification.created', { userId, notification, unread });
    await events.emit('notification.countChanged', { userId, unread });
    return notification;
  }

  /** Tells the bus of entries just made for their people (push, e-mail, the bell). Answers how many. */
  async function announce(rows: readonly NotificationRow[]): Promise<number> {
    const counts = await repo.countUnreadOf(
      db,
      rows.map((row) => row.userId),
    );
    for (const row of rows) {
      const unread = counts.get(row.userId) ?? 0;
      await events.emit('notification.created', {
        userId: row.userId,
        notification: toNotification(row),
        unread,
      });
      await events.emit('notification.countChanged', { userId: row.userId, unread });
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
     * Adds an entry for `userId`, or updates the unread one of the same group (new texts, back to the top).
     * Nothing for a deleted or banned account: answers undefined then.
     */
    async notify(userId: number, entry: NotificationEntry): Promise<Notification | undefined> {
      const { title } = entry;
      // A fixed title is one statement; a counted one is re-titled in the same transaction as its count.
      if (typeof title === 'string')
        return told(userId, await repo.upsertEntry(db, userId, { ...entry, title }));
      const row = await withTransaction(db, async (tx) => {
        const stored = await repo.upsertEntry(tx, userId, { ...entry, title: title(1) });
        if (!stored || stored.actorCount === 1) return stored;
        const gathered = title(stored.actorCount);
        await repo.setTitle(tx, stored.id, gathered);
        return { ...stored, title: gathered };
      });
      return told(userId, row);
    },

    /**
     * Adds the entry for each of these people who never had one of its group (a reminder, a followed seller's
     * new listing), in one statement. Answers how many were told.
     */
    async notifyEachOnce(userIds: readonly number[], entry: OnceEntry): Promise<number> {
      return announce(await repo.insertOnceForEach(db, [...new Set(userIds)], entry));
    },

    /**
     * `notifyEachOnce` inside the caller's transaction, so the entries commit with what they are about (a saved
     * search's new matches): a job that dies before its commit leaves neither, and its retry makes both. Call
     * `announce` with the answer after the commit: the bell, push and e-mail hear of them then.
     */
    recordEachOnce(
      tx: Transaction,
      userIds: readonly number[],
      entry: OnceEntry,
    ): Promise<NotificationRow[]> {
      return repo.insertOnceForEach(tx, [...new Set(userIds)], entry);
    },
    announce,

    async list(userId: number, page: { page: number; pageSize: number }): Promise<NotificationPage> {
      const rows = await repo.listEntries(db, userId, (page.page - 1) * page.pageSize, page.pageSize + 1);
      return {
        data: rows.slice(0, page.pageSize).map(toNotification),
        hasMore: rows.length > page.pageSize,
        unread: await repo.countUnread(db, userId),
      };
    },

    /** Ids that are not this person's, or unknown, change nothing and are not told apart. Answers the count. */
    async markRead(userId: number, ids: number[]): Promise<number> {
      return countChanged(userId, await repo.markIdsRead(db, userId, ids));
    },

    async markAllRead(userId: number): Promise<number> {
      return countChanged(userId, await repo.markAllRead(db, userId));
    },

    /**
     * Reading the thing itself (a chat, a ticket) reads its entry: `groupKey` names it. Answers how many entries
     * that read (mostly none: most chat reads have no unread entry, and then nothing is counted or told).
     */
    async readWhere(userId: number, where: { groupKey: string }): Promise<number> {
      const changed = await repo.markGroupRead(db, userId, where.groupKey);
      if (changed > 0) await countChanged(userId, changed);
      return changed;
    },

    unreadCount: (userId: number) => repo.countUnread(db, userId),
  };
}
