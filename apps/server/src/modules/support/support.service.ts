import {
  messages,
  SUPPORT_LIMITS,
  type CreateTicketRequest,
  type SupportTicket,
  type TicketMessage,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError, TooManyRequestsError } from '../../lib/http-error.js';
import {
  budgetKeys,
  type BudgetListener,
  type BudgetStore,
  type BudgetWindow,
} from '../../services/rate-budget/index.js';
import type { AuthUser } from '../account/session.service.js';
import { recordAction } from '../staff/moderation-log.repository.js';
import { toTicket, toTicketMessage } from './support.presenter.js';
import * as repo from './support.repository.js';

const S = messages.support;

export const isStaff = (user: Pick<AuthUser, 'role'>) => user.role === 'staff' || user.role === 'admin';

const notFound = () => new HttpError(404, S.notFound);
const notYours = () => new HttpError(403, S.notYours);

/**
 * Which side of a ticket the caller speaks for. The owner is the user side and staff the staff side, whatever
 * the client claims; only someone who is both (a staff member's own ticket) picks with `wanted`.
 */
export function sideOf(user: AuthUser, ticket: { userId: number }, wanted?: repo.Side): repo.Side | null {
  const owner = ticket.userId === user.id;
  if (owner && isStaff(user)) return wanted ?? 'user';
  if (owner) return 'user';
  return isStaff(user) ? 'staff' : null;
}

export type SupportUnreadCounter = ReturnType<typeof createSupportUnreadCounter>;

/**
 * The footer badge: for anyone, staff answers in their open ticket they have not read; for staff and admins,
 * plus the open tickets whose latest user messages no staff member has read.
 */
export function createSupportUnreadCounter(db: Database) {
  async function countFor(user: Pick<AuthUser, 'id' | 'role'>): Promise<number> {
    const [own, queue] = await Promise.all([
      repo.countUserUnread(db, user.id),
      isStaff(user) ? repo.countStaffUnread(db, user.id) : 0,
    ]);
    return own + queue;
  }
  return {
    countFor,
    /** For callers that only know the id (the general hub, /api/Message/unread-count): reads the role. */
    async countForUserId(userId: number): Promise<number> {
      const user = await repo.findUserRole(db, userId);
      return user ? countFor(user) : 0;
    },
  };
}

export interface SupportServiceOptions {
  db: Database;
  productName: string;
  /** Told what happened after each commit (support.* events); hubs deliver from there. */
  events: EventBus;
  /** Records a support message and a read in the write's transaction: the owner's entry and e-mail follow. */
  durable: DurableEvents;
  /** Each person's support message budget, spent by REST and /supporthub alike. */
  budgets: BudgetStore;
  budgetWindow: BudgetWindow;
}

export type SupportService = ReturnType<typeof createSupportService>;

/** Support tickets, both sides: the user's one open ticket and staff answering it (REST and /supporthub). */
export function createSupportService(options: SupportServiceOptions) {
  const { db, productName, events, durable, budgets, budgetWindow } = options;
  const unread = createSupportUnreadCounter(db);

  async function ticketOrThrow(id: number): Promise<repo.TicketRow> {
    const row = await repo.findTicket(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The ticket, if the caller may see it (its owner or staff): 404 unknown, 403 someone else's. */
  async function visibleTicket(
    user: AuthUser,
    id: number,
  ): Promise<{ row: repo.TicketRow; side: repo.Side }> {
    const row = await ticketOrThrow(id);
    const side = sideOf(user, row);
    if (!side) throw notYours();
    return { row, side };
  }

  /**
   * The caller with the role they hold now. A /supporthub connection keeps the user it was opened with, so a
   * staff role taken back (or granted) since must not decide who may join or answer a ticket, and a ban (whose
   * session is gone, but whose WebSocket a lost backplane message may have left open) ends what it may do.
   */
  async function withCurrentRole(user: AuthUser): Promise<AuthUser> {
    const current = await repo.findUserRole(db, user.id);
    if (!current) throw notYours();
    if (current.bannedAt) throw new HttpError(401, messages.common.loginRequired);
    return current.role === user.role ? user : { ...user, role: current.role };
  }

  /** Every support message spends from its writer's budget before anything else, whichever way it came. */
  async function spendBudget(user: AuthUser, onBudget?: BudgetListener): Promise<void> {
    const budget = await budgets.take(budgetKeys.supportMessage(user.id), budgetWindow);
    onBudget?.(budget);
    if (!budget.allowed) throw new TooManyRequestsError(messages.common.tooManyRequests, budget.resetMs);
  }

  async function send(
    caller: AuthUser,
    ticketId: number,
    body: string,
    wanted?: repo.Side,
    onBudget?: BudgetListener,
  ): Promise<TicketMessage> {
    await spendBudget(caller, onBudget);
    const user = await withCurrentRole(caller);
    const { message, ownerId } = await durable.transaction(async (tx, record) => {
      const ticket = await repo.lockTicket(tx, ticketId);
      if (!ticket) throw notFound();
      const side = sideOf(user, ticket, wanted);
      if (!side) throw notYours();
      if (ticket.status !== 'open') throw new HttpError(409, S.closed);
      // The ticket row is locked, so two sends at once cannot both see "one below the limit".
      if (
        side === 'user' &&
        (await repo.countUnansweredLastMinute(tx, ticketId)) >= SUPPORT_LIMITS.unansweredMessagesPerMinute
      ) {
        throw new HttpError(429, S.unansweredLimited);
      }
      const stored = await repo.insertMessage(tx, { ticketId, senderId: user.id, side, body });
      const row = await repo.findTicket(tx, ticketId);
      if (!row) throw notFound();
      // Pushed to the other side, for whom it is new; the sender's own pages show it as sent.
      const message = { ...toTicketMessage(stored, row, side, productName), isNew: true };
      const byStaff = side === 'staff';
      await record('support.messageSent', { message, ticketId, ownerId: row.userId, byStaff });
      return { message, ownerId: row.userId };
    });
    await events.emit('support.unreadChanged', { userIds: [ownerId], staff: true });
    return message;
  }

  async function changeStatus(
    actor: AuthUser,
    ticketId: number,
    status: 'open' | 'closed',
    reason?: string,
  ): Promise<SupportTicket> {
    if (!isStaff(actor)) throw new HttpError(403, messages.staff.staffOnly);
    await withTransaction(db, async (tx) => {
      const ticket = await repo.lockTicket(tx, ticketId);
      if (!ticket) throw notFound();
      if (ticket.status === status) {
        throw new HttpError(
          409,
          status === 'closed' ? messages.staff.ticketAlreadyClosed : messages.staff.ticketAlreadyOpen,
        );
      }
      if (status === 'open' && (await repo.findOpenTicketOf(tx, ticket.userId))) {
        throw new HttpError(409, messages.staff.reopenRefused);
      }
      await repo.setStatus(tx, ticketId, status === 'closed' ? { status, by: actor.id } : { status });
      await recordAction(tx, {
        actorId: actor.id,
        action: status === 'closed' ? 'close-ticket' : 'reopen-ticket',
        targetUserId: ticket.userId,
        targetTicketId: ticketId,
        reason,
      });
    });
    const ticket = toTicket(await ticketOrThrow(ticketId));
    await events.emit('support.ticketChanged', { ticket });
    await events.emit('support.unreadChanged', { userIds: [ticket.userId], staff: true });
    return ticket;
  }

  return {
    unread,

    /**
     * Opens the user's ticket with its first message. With a ticket already open nothing is written and
     * `created` is false: the caller answers 409 with that ticket, where the conversation continues.
     */
    async createTicket(
      user: AuthUser,
      input: Pick<CreateTicketRequest, 'subject' | 'message'>,
      onBudget?: BudgetListener,
    ): Promise<{ created: boolean; ticket: SupportTicket }> {
      await spendBudget(user, onBudget);
      const body = input.message.trim();
      const createdId = await withTransaction(db, async (tx) => {
        const id = await repo.insertTicket(tx, user.id, input.subject);
        if (id === undefined) return undefined;
        await repo.insertMessage(tx, { ticketId: id, senderId: user.id, side: 'user', body });
        return id;
      });
      if (createdId === undefined) {
        const existing = await repo.findOpenTicketOf(db, user.id);
        // Closed between the conflict and this read: the user may simply try again.
        if (!existing) throw new HttpError(409, messages.common.conflict);
        return { created: false, ticket: toTicket(existing) };
      }
      const row = await ticketOrThrow(createdId);
      const ticket = toTicket(row);
      const [first] = await repo.messagesOf(db, createdId);
      if (first) {
        const message = { ...toTicketMessage(first, row, 'user', productName), isNew: true };
        const sent = { message, ticketId: row.id, ownerId: row.userId, byStaff: false };
        await events.emit('support.messageSent', sent);
      }
      await events.emit('support.ticketChanged', { ticket });
      await events.emit('support.unreadChanged', { userIds: [], staff: true });
      return { created: true, ticket };
    },

    async activeTicket(user: AuthUser): Promise<SupportTicket | null> {
      const row = await repo.findOpenTicketOf(db, user.id);
      return row ? toTicket(row) : null;
    },

    /** Oldest first, as the asking side sees it (isNew from its read position). */
    async history(user: AuthUser, ticketId: number): Promise<TicketMessage[]> {
      const { row, side } = await visibleTicket(user, ticketId);
      const rows = await repo.messagesOf(db, ticketId);
      return rows.map((message) => toTicketMessage(message, row, side, productName));
    },

    /** The ticket as staff see it, with the messages from the staff side (staff module). */
    async ticketForStaff(user: AuthUser, ticketId: number) {
      if (!isStaff(user)) throw new HttpError(403, messages.staff.staffOnly);
      const row = await ticketOrThrow(ticketId);
      const rows = await repo.messagesOf(db, ticketId);
      return { row, messages: rows.map((message) => toTicketMessage(message, row, 'staff', productName)) };
    },

    /**
     * Marks the caller's side read. `isUser` false asks for the staff side, which only staff may mark; the side
     * otherwise follows who the caller is. Answers the caller's unread support count afterwards.
     */
    async read(
      user: AuthUser,
      ticketId: number,
      isUser: boolean,
    ): Promise<{ ticketId: number; unreadCount: number }> {
      const row = await ticketOrThrow(ticketId);
      if (!isUser && !isStaff(user)) throw new HttpError(403, messages.common.forbidden);
      const side = sideOf(user, row, isUser ? 'user' : 'staff');
      if (!side) throw notYours();
      await durable.transaction(async (tx, record) => {
        await repo.markRead(tx, ticketId, side);
        await record(
          'support.unreadChanged',
          side === 'user' ? { userIds: [row.userId], staff: false } : { userIds: [], staff: true },
        );
        if (side === 'user') await record('support.read', { userId: row.userId, ticketId });
      });
      return { ticketId, unreadCount: await unread.countFor(user) };
    },

    /** May this person follow the ticket live (JoinChat)? Throws the readable refusal otherwise. */
    async checkCanJoin(user: AuthUser, ticketId: number): Promise<void> {
      await visibleTicket(await withCurrentRole(user), ticketId);
    },

    /** A message from the ticket's owner (user side) or from staff (staff side): the hub and REST reply both. */
    send,
    close: (actor: AuthUser, ticketId: number, reason?: string) =>
      changeStatus(actor, ticketId, 'closed', reason),
    reopen: (actor: AuthUser, ticketId: number, reason?: string) =>
      changeStatus(actor, ticketId, 'open', reason),
  };
}
