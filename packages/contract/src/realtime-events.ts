import { z } from 'zod';
import { messages } from './messages.js';
import { HUB_EVENTS } from './realtime.js';
import { chatMessageSchema } from './schemas/message.js';
import { offerSchema } from './schemas/offer.js';
import { SUPPORT_HUB_EVENTS } from './schemas/staff.js';
import { supportTicketSchema, ticketMessageSchema } from './schemas/support.js';

/*
 * The payload of every hub event (docs/realtime.md, "Who receives what"). Apart from realtime.ts so the web app,
 * which takes only the types from here, ships no schema for them.
 */

/** SendMessage's optional fifth argument: the sender's own name for its pending copy, echoed back. */
export const clientMessageIdSchema = z
  .string({ error: messages.chat.clientMessageIdInvalid })
  .regex(/^[\w-]{1,64}$/, { error: messages.chat.clientMessageIdInvalid });

/** ReceiveMessage: the stored message, plus the sender's clientMessageId when its SendMessage carried one. */
export const receivedChatMessageSchema = chatMessageSchema.extend({
  clientMessageId: clientMessageIdSchema.optional(),
});
export type ReceivedChatMessage = z.infer<typeof receivedChatMessageSchema>;

/** ChatActivity: which chat of the receiving person changed, named from their side. */
export const chatActivitySchema = z.object({
  productId: z.number().int(),
  otherUserId: z.number().int(),
});
export type ChatActivity = z.infer<typeof chatActivitySchema>;

/** AgreementChanged: which chat's hold or deal changed (the chat of `buyerId` about `productId`). */
export const agreementChangedSchema = z.object({
  productId: z.number().int(),
  buyerId: z.number().int(),
});
export type AgreementChanged = z.infer<typeof agreementChangedSchema>;

const count = z.number().int().min(0);

/**
 * Every event each hub pushes, with the schema of its one argument. Server tests parse every received
 * invocation with it; the web app's handlers take their types from it (HubEventPayload).
 */
export const HUB_EVENT_SCHEMAS = {
  general: {
    [HUB_EVENTS.unreadMessagesCount]: count,
    [HUB_EVENTS.unreadSupportMessagesCount]: count,
    [HUB_EVENTS.chatActivity]: chatActivitySchema,
    [HUB_EVENTS.notificationsCount]: count,
  },
  chat: {
    [HUB_EVENTS.receiveMessage]: receivedChatMessageSchema,
    /** Every change of an offer in the chat: a new one (its row is in the history), or a new status. */
    [HUB_EVENTS.receiveOffer]: offerSchema,
    /** The listing's hold for the chat's buyer, or a deal with them, began or ended. */
    [HUB_EVENTS.agreementChanged]: agreementChangedSchema,
    [HUB_EVENTS.messageError]: z.string(),
  },
  support: {
    [HUB_EVENTS.receiveMessage]: ticketMessageSchema,
    /** A readable refusal of the caller's SendMessage, as on /chathub (the invocation's error carries it too). */
    [HUB_EVENTS.messageError]: z.string(),
    [SUPPORT_HUB_EVENTS.ticketChanged]: supportTicketSchema,
  },
} as const;

export type HubName = keyof typeof HUB_EVENT_SCHEMAS;
export type HubEventName<H extends HubName> = keyof (typeof HUB_EVENT_SCHEMAS)[H] & string;
type Payload<T> = T extends z.ZodType ? z.output<T> : never;
export type HubEventPayload<H extends HubName, E extends HubEventName<H>> = Payload<
  (typeof HUB_EVENT_SCHEMAS)[H][E]
>;

/** The schema of `event` on `hub`, or undefined when that hub never pushes such an event. */
export function hubEventSchema(hub: string, event: string): z.ZodType | undefined {
  if (!Object.prototype.hasOwnProperty.call(HUB_EVENT_SCHEMAS, hub)) return undefined;
  const events: Record<string, z.ZodType> = HUB_EVENT_SCHEMAS[hub as HubName];
  return Object.prototype.hasOwnProperty.call(events, event) ? events[event] : undefined;
}
