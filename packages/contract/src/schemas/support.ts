import { z } from 'zod';
import { SUPPORT_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { idSchema } from './common.js';

const S = messages.support;

/** The SPEC's issue options (value → label in messages.support.issues). */
export const SUPPORT_SUBJECTS = ['system-bug', 'another-thrifter', 'a-product', 'something-else'] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

const nonBlank = (max: number, tooLong: string) =>
  z
    .string({ error: messages.common.fillFieldsProperly })
    .trim()
    .min(1, { error: messages.common.fillFieldsProperly })
    .max(max, { error: tooLong });

// POST /api/Support/create-ticket
export const createTicketSchema = z.object({
  subject: z.enum(SUPPORT_SUBJECTS, { error: messages.common.fillFieldsProperly }),
  message: nonBlank(SUPPORT_LIMITS.messageMax, S.tooLong),
  /** Sent by the SPEC's client; the server uses the signed-in user, never this. */
  username: z.string().max(200).optional(),
});
export type CreateTicketRequest = z.input<typeof createTicketSchema>;

/** docs/product.md §3 support ticket: id, title, updatedAt, subject, message, username (plus status and dates). */
export const supportTicketSchema = z.object({
  id: z.number().int(),
  /** The subject's label ('system bug', …). */
  title: z.string(),
  subject: z.enum(SUPPORT_SUBJECTS),
  /** The first message, as the user wrote it. */
  message: z.string(),
  username: z.string(),
  userId: z.number().int(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export const supportTicketResponseSchema = z.object({ message: z.string(), data: supportTicketSchema });
/** `data` is null when the user has no open ticket. */
export const activeTicketResponseSchema = z.object({ data: supportTicketSchema.nullable() });

/** docs/product.md §3 ticket message: id, content, createdAt, sentByUser, isNew, ticketId (plus the sender's label). */
export const ticketMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  sentByUser: z.boolean(),
  /** Not yet read by the side asking. */
  isNew: z.boolean(),
  ticketId: z.number().int(),
  /** '@username' for the user's messages; the product's support account name for staff answers. */
  senderName: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export const ticketHistoryResponseSchema = z.object({ data: z.array(ticketMessageSchema) });

// POST /api/Support/read
export const supportReadSchema = z.object({
  ticketId: idSchema,
  isUser: z.boolean().optional().default(true),
});
export type SupportReadRequest = z.input<typeof supportReadSchema>;

/** /supporthub SendMessage payload (docs/product.md §7: TicketId, isUser, Message). */
export const supportHubMessageSchema = z.object({
  TicketId: idSchema,
  isUser: z.boolean().optional(),
  Message: nonBlank(SUPPORT_LIMITS.messageMax, S.tooLong),
});
export type SupportHubMessage = z.input<typeof supportHubMessageSchema>;

export const ticketIdParamsSchema = z.object({ ticketId: idSchema });
