import {
  firstErrorMessage,
  HUB_EVENTS,
  HUB_METHODS,
  HUBS,
  idSchema,
  messages,
  supportHubMessageSchema,
} from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { SupportService } from '../../modules/support/support.service.js';
import { HubException, type AppHub, type HubEvents, type HubInvocation } from '../hub.js';

type SupportInvocation = HubInvocation<HubEvents<'support'>>;

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
 * /supporthub (docs/product.md §7): JoinChat(ticketId) for the ticket's owner or staff; SendMessage({ TicketId, isUser,
 * Message }) stores the message on the caller's side (decided by who the caller is, never by isUser), spending
 * from the caller's support message budget as the REST calls do; any refusal is MessageError and a HubException
 * with the REST call's text, nothing stored; delivery (realtime/delivery/support.ts) pushes ReceiveMessage to the owner and
 * to everyone who is staff at that moment.
 */
export function createSupportHub(support: SupportService): AppHub<'support'> {
  return {
    name: 'support',
    path: HUBS.support,
    methods: {
      [HUB_METHODS.support.joinChat]: {
        argCount: 1,
        handler: async (hub: SupportInvocation, rawTicketId: unknown) => {
          const ticketId = ticketIdOf(rawTicketId);
          await readable(() => support.checkCanJoin(hub.context.user, ticketId));
          await hub.groups.addToGroup(hub.context.connectionId, ticketGroup(ticketId));
        },
      },
      [HUB_METHODS.support.leaveChat]: {
        argCount: 1,
        handler: async (hub: SupportInvocation, rawTicketId: unknown) => {
          await hub.groups.removeFromGroup(hub.context.connectionId, ticketGroup(ticketIdOf(rawTicketId)));
        },
      },
      [HUB_METHODS.support.sendMessage]: {
        argCount: 1,
        handler: async (hub: SupportInvocation, payload: unknown) => {
          try {
            const parsed = supportHubMessageSchema.safeParse(payload);
            if (!parsed.success) {
              throw new HttpError(400, firstErrorMessage(parsed.error, messages.common.invalidRequest));
            }
            const { TicketId, isUser, Message } = parsed.data;
            // isUser only matters to someone who is both the owner and staff (a staff member's own ticket).
            const wanted = isUser === undefined ? undefined : isUser ? 'user' : 'staff';
            return await support.send(hub.context.user, TicketId, Message, wanted);
          } catch (error) {
            // Every refusal is both, as in chats (docs/realtime.md): MessageError, then the failed invocation.
            if (error instanceof HttpError) {
              await hub.clients.caller.send(HUB_EVENTS.messageError, hub.context.say(error.message));
              throw new HubException(error.message);
            }
            throw error;
          }
        },
      },
    },
  };
}
