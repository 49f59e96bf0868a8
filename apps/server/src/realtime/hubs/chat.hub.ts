import { clientMessageIdSchema, HUB_EVENTS, HUB_METHODS, HUBS, idSchema, messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { MessageService } from '../../modules/message/message.service.js';
import { HubException, type AppHub, type HubEvents, type HubInvocation } from '../hub.js';

type ChatInvocation = HubInvocation<HubEvents<'chat'>>;

const C = messages.chat;

/** One chat's group: a listing and the buyer asking about it. */
export const chatGroup = (productId: number, buyerId: number) => `chat:${productId}:${buyerId}`;
/** One side of a chat: one person's pages showing it, for what only that side reads (a safety warning). */
export const chatSideGroup = (productId: number, buyerId: number, userId: number) =>
  `${chatGroup(productId, buyerId)}:${userId}`;

/** context.items key: the groups this connection joined, by `<productId>:<receiverId>` as the client names them. */
const JOINED = 'chat.joined';

function joinedChats(hub: ChatInvocation): Map<string, string> {
  let joined = hub.context.items.get(JOINED) as Map<string, string> | undefined;
  if (!joined) {
    joined = new Map();
    hub.context.items.set(JOINED, joined);
  }
  return joined;
}

/**
 * Ids arrive as the page has them (route parameters: strings, or numbers); ones that cannot be ids are refused in
 * the words of the REST calls that take the same ids (the history, the chat's header, sending).
 */
function ids(receiverId: unknown, productId: unknown): { receiverId: number; productId: number } {
  const receiver = idSchema.safeParse(receiverId);
  const product = idSchema.safeParse(productId);
  if (!receiver.success || !product.success) throw new HttpError(400, messages.request.idInvalid);
  return { receiverId: receiver.data, productId: product.data };
}

/** The optional fifth SendMessage argument; null is the same as not sending one. */
function clientMessageIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = clientMessageIdSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, C.clientMessageIdInvalid);
  return parsed.data;
}

/**
 * /chathub (docs/product.md §7). JoinChat(receiverId, productId) admits the same people as the chat page's header
 * (MessageService.openChat) and adds the connection to that chat's group; LeaveChat undoes it.
 * SendMessage(receiverId, message, productId, timestamp[, clientMessageId]) goes through MessageService.send with
 * every rule and limit of the REST call, spending from the same per-person message budget; any refusal (a block,
 * a limit, bad input) is MessageError and a HubException with the REST call's text, nothing stored; delivery (realtime/delivery/chat.ts) then pushes
 * ReceiveMessage to the chat's group, so only pages showing that chat get it, the sender's own included (its
 * echo, carrying the clientMessageId back). The client's timestamp is not used: the server's clock orders messages.
 */
export function createChatHub(chats: MessageService): AppHub<'chat'> {
  return {
    name: 'chat',
    path: HUBS.chat,
    methods: {
      [HUB_METHODS.chat.joinChat]: {
        argCount: 2,
        handler: async (hub: ChatInvocation, receiverId: unknown, productId: unknown) => {
          try {
            const wanted = ids(receiverId, productId);
            const pair = await chats.openChat(hub.context.user, wanted.productId, wanted.receiverId);
            const group = chatGroup(pair.productId, pair.buyerId);
            await hub.groups.addToGroup(hub.context.connectionId, group);
            await hub.groups.addToGroup(
              hub.context.connectionId,
              chatSideGroup(pair.productId, pair.buyerId, hub.context.user.id),
            );
            joinedChats(hub).set(`${wanted.productId}:${wanted.receiverId}`, group);
          } catch (error) {
            if (error instanceof HttpError) throw new HubException(error.message);
            throw error;
          }
        },
      },
      [HUB_METHODS.chat.leaveChat]: {
        argCount: 2,
        handler: async (hub: ChatInvocation, receiverId: unknown, productId: unknown) => {
          const receiver = idSchema.safeParse(receiverId);
          const product = idSchema.safeParse(productId);
          if (!receiver.success || !product.success) return;
          const joined = joinedChats(hub);
          const key = `${product.data}:${receiver.data}`;
          const group = joined.get(key);
          if (group === undefined) return;
          joined.delete(key);
          await hub.groups.removeFromGroup(hub.context.connectionId, group);
          await hub.groups.removeFromGroup(hub.context.connectionId, `${group}:${hub.context.user.id}`);
        },
      },
      [HUB_METHODS.chat.sendMessage]: {
        // The SPEC's four arguments, or five with the page's clientMessageId.
        argCount: [4, 5],
        handler: async (
          hub: ChatInvocation,
          receiverId: unknown,
          message: unknown,
          productId: unknown,
          _timestamp: unknown,
          clientMessageId?: unknown,
        ) => {
          try {
            const wanted = ids(receiverId, productId);
            const id = clientMessageIdOf(clientMessageId);
            await chats.send(hub.context.user, {
              ...wanted,
              message,
              ...(id !== undefined && { clientMessageId: id }),
            });
          } catch (error) {
            // Every refusal is both: MessageError for the page that listens, and the failed invocation with the
            // same text for a client that only awaits invoke() (docs/realtime.md), a block as much as a limit.
            if (error instanceof HttpError) {
              await hub.clients.caller.send(HUB_EVENTS.messageError, hub.context.say(error.message));
              throw new HubException(error.message);
            }
            await hub.clients.caller.send(
              HUB_EVENTS.messageError,
              hub.context.say(messages.listing.messageFailed),
            );
            throw error;
          }
        },
      },
    },
  };
}
