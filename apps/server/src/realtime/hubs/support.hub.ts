import type { FastifyInstance } from 'fastify';
import {
  firstErrorMessage,
  HUB_EVENTS,
  HUB_METHODS,
  HUBS,
  idSchema,
  messages,
  SUPPORT_HUB_EVENTS,
  supportHubMessageSchema,
} from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { Database } from '../../db/client.js';
import type { SupportNotifier } from '../../modules/support/support-notifier.js';
import { staffIds } from '../../modules/support/support.repository.js';
import { createSupportUnreadCounter, type SupportService } from '../../modules/support/support.service.js';
import { HubException, type HubContext, type HubDefinition, type HubInvocation } from '../hub.js';

export const ticketGroup = (ticketId: number) => `ticket:${ticketId}`;

/** Service refusals (HttpError) become HubExceptions, whose text the caller's invoke() rejects with. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw new HubException(error.message);
    throw error;
  }
}

function ticketIdOf(value: unknown): number {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new HubException(messages.support.notFound);
  return parsed.data;
}

/**
 * /supporthub (SPEC §7): JoinChat(ticketId) for the ticket's owner or staff; SendMessage({ TicketId, isUser,
 * Message }) stores the message on the caller's side (decided by who the caller is, never by isUser) and the
 * notifier pushes ReceiveMessage to the owner's connections and to everyone who is staff at that moment (read per
 * push, not fixed at connect, so a role taken back stops the flow at once). Those cover everyone JoinChat admits,
 * so nobody gets a message twice through the ticket group as well.
 */
export function createSupportHub(support: SupportService): HubDefinition {
  return {
    name: 'support',
    path: HUBS.support,
    methods: {
      [HUB_METHODS.support.joinChat]: {
        argCount: 1,
        handler: async (hub: HubInvocation, rawTicketId: unknown) => {
          const ticketId = ticketIdOf(rawTicketId);
          await readable(() => support.checkCanJoin(hub.context.user, ticketId));
          await hub.groups.addToGroup(hub.context.connectionId, ticketGroup(ticketId));
        },
      },
      LeaveChat: {
        argCount: 1,
        handler: async (hub: HubInvocation, rawTicketId: unknown) => {
          await hub.groups.removeFromGroup(hub.context.connectionId, ticketGroup(ticketIdOf(rawTicketId)));
        },
      },
      [HUB_METHODS.support.sendMessage]: {
        argCount: 1,
        handler: async (hub: HubInvocation, payload: unknown) => {
          const parsed = supportHubMessageSchema.safeParse(payload);
          if (!parsed.success) {
            throw new HubException(firstErrorMessage(parsed.error, messages.common.invalidRequest));
          }
          const { TicketId, isUser, Message } = parsed.data;
          // isUser only matters to someone who is both the owner and staff (a staff member's own ticket).
          const wanted = isUser === undefined ? undefined : isUser ? 'user' : 'staff';
          return readable(async () => {
            try {
              return await support.send(hub.context.user, TicketId, Message, wanted);
            } catch (error) {
              // Over a limit the caller hears it as in chats: MessageError, then the rejected invocation.
              if (error instanceof HttpError && error.statusCode === 429) {
                await hub.clients.caller.send(HUB_EVENTS.messageError, error.message);
              }
              throw error;
            }
          });
        },
      },
    },
  };
}

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Pushes support events through the hubs: messages and ticket changes on /supporthub, unread support counts on
 * /generalhub (receiveunreadsupportmessagescount). Hubs are looked up at push time, so the notifier can be made
 * before the real-time plugin is registered; without hubs (REST-only tests) it does nothing.
 */
export function createHubSupportNotifier(
  hubs: (name: 'general' | 'support') => HubContext | undefined,
  db: Database,
  log?: Log,
): SupportNotifier {
  const counter = createSupportUnreadCounter(db);

  async function pushCount(general: HubContext, userId: number): Promise<void> {
    const count = await counter.countForUserId(userId);
    await general.clients.user(userId).send(HUB_EVENTS.unreadSupportMessagesCount, count);
  }

  return {
    async messageSent(message, ticket) {
      const hub = hubs('support');
      if (!hub) return;
      await hub.clients
        .users([ticket.userId, ...(await staffIds(db))])
        .send(HUB_EVENTS.receiveMessage, message);
    },
    async ticketChanged(ticket) {
      const hub = hubs('support');
      if (!hub) return;
      await hub.clients
        .users([ticket.userId, ...(await staffIds(db))])
        .send(SUPPORT_HUB_EVENTS.ticketChanged, ticket);
    },
    async unreadChanged(change) {
      const general = hubs('general');
      if (!general) return;
      const targets = new Set(change.userIds);
      // Staff share one read position per ticket, so one staff member reading changes every staff badge.
      if (change.staff) for (const id of await staffIds(db)) targets.add(id);
      for (const userId of targets) {
        await pushCount(general, userId).catch((error: unknown) =>
          log?.warn({ err: error, userId }, 'unread support count not pushed'),
        );
      }
    },
  };
}

/** The app's hubs by name, or undefined when the real-time plugin is not registered (or has no such hub). */
export function appHubs(app: FastifyInstance): (name: string) => HubContext | undefined {
  return (name) => {
    if (!app.hasDecorator('hubContext')) return undefined;
    try {
      return app.hubContext(name);
    } catch {
      return undefined;
    }
  };
}
