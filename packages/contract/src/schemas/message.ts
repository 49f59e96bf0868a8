import { z } from 'zod';
import { CHAT_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { idSchema } from './common.js';
import { OFFER_STATUSES } from './offer.js';

const C = messages.chat;

/** Message text: trimmed, never blank, at most CHAT_LIMITS.messageMax characters (docs/product.md §5 "empty ignored"). */
export const chatTextSchema = z
  .string({ error: C.empty })
  .trim()
  .min(1, { error: C.empty })
  .max(CHAT_LIMITS.messageMax, { error: C.tooLong });

// ---------------------------------------------------------------------------------------------------------
// POST /api/Message/send

export const sendMessageSchema = z.object({
  productId: idSchema,
  receiverId: idSchema,
  message: chatTextSchema,
});
export type SendMessageRequest = z.input<typeof sendMessageSchema>;

export const SAFETY_WARNING_KINDS = [
  'offPlatform',
  'verificationCode',
  'lookalikeLink',
  'paymentLink',
  'advancePayment',
  'overpayment',
  'giftCard',
  'crypto',
  'qrCode',
  'spam',
] as const;
export type SafetyWarningKind = (typeof SAFETY_WARNING_KINDS)[number];

/** What the recipient of a suspicious message reads under it; the sender never gets it (docs/product.md §16). */
export const safetyWarningSchema = z.object({ kind: z.enum(SAFETY_WARNING_KINDS), text: z.string() });
export type SafetyWarning = z.infer<typeof safetyWarningSchema>;

/** The warning of `kind` with its contract text. */
export const safetyWarningOf = (kind: SafetyWarningKind): SafetyWarning => ({
  kind,
  text: messages.safety[kind],
});

/**
 * One chat message, as history answers and hubs push it (docs/product.md §3 "chat message": history and live shapes in one,
 * so the client may read either name). `timestamp` and `time` are the server's ISO 8601 time.
 */
/** An offer as a chat row carries it: what the bubble shows and answers. */
export const offerInChatSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(OFFER_STATUSES),
});
export type OfferInChat = z.infer<typeof offerInChatSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  userId: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  userName: z.string(),
  message: z.string(),
  messageContent: z.string(),
  text: z.string(),
  timestamp: z.string(),
  time: z.string(),
  /** For the recipient: null, or a warning about a message that looks like a scam. Always null for the sender. */
  safetyWarning: safetyWarningSchema.nullable(),
  /**
   * An offer made in the chat (docs/product.md §18): its id, amount and status now; `text` then reads as the offer
   * ("Offered $12.00"). Null on plain messages.
   */
  offer: offerInChatSchema.nullable(),
  /**
   * Only in the sender's own answer, echo and history: true while the message waits for staff (near-certain spam
   * from a new or unverified account). Its `id` is then the held message's, not a chat message's.
   */
  held: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageResponseSchema = z.object({ message: z.string(), data: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/Message/chat-rooms

/** docs/product.md §3 "chat room", plus the latest message for the inbox row. Newest activity first. */
export const chatRoomSchema = z.object({
  otherUserId: z.number().int(),
  otherUserName: z.string(),
  otherUserImageUrl: z.string().nullable(),
  productId: z.number().int(),
  productTitle: z.string(),
  productImageUrl: z.string().nullable(),
  productPrice: z.number(),
  hasUnread: z.boolean(),
  unreadCount: z.number().int(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** True when the caller is the listing's seller. */
  isSeller: z.boolean(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;
export const chatRoomsResponseSchema = z.object({ data: z.array(chatRoomSchema) });
export type ChatRoomsResponse = z.infer<typeof chatRoomsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST /api/Message/read, DELETE /api/Message/delete-chat/{productId}/with/{otherUserId}

/** Marks what `senderId` wrote about `productId` as read by the caller. */
export const readMessagesSchema = z.object({ productId: idSchema, senderId: idSchema });
export type ReadMessagesRequest = z.input<typeof readMessagesSchema>;

export const chatPairParamsSchema = z.object({ productId: idSchema, otherUserId: idSchema });
export const chatReceiverParamsSchema = z.object({ productId: idSchema, receiverId: idSchema });

// ---------------------------------------------------------------------------------------------------------
// GET /api/Message/chat-thrifter/{productId}/with/{receiverId}

/** docs/product.md §3 "chat thread header": the other person and the listing, as the chat page's header shows them. */
export const chatThreadHeaderSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  isFollowedByCurrentUser: z.boolean(),
  /** True when the caller blocked the other person (the chat header's Block/Unblock; docs/product.md §11). */
  isBlockedByCurrentUser: z.boolean(),
  productId: z.number().int(),
  productName: z.string(),
  productPrice: z.number(),
  productImageUrl: z.string().nullable(),
  sellerId: z.number().int(),
  isSold: z.boolean(),
  /**
   * True when staff hid the listing (only its seller still opens the chat): its chats are paused until staff show
   * it again, and the seller's messages are refused (docs/product.md §2).
   */
  isHidden: z.boolean(),
  /** ISO 8601 end of the seller's hold on the listing (docs/product.md §12); null when none or run out. */
  reservedUntil: z.string().nullable(),
  /** True when the hold is for this chat's buyer: the buyer sees "Reserved for you", the seller "Release". */
  isReservedInThisChat: z.boolean(),
  /**
   * The amount of the offer the two agreed on while that agreement stands: the listing held for this chat's buyer,
   * or sold to them in a deal not called off (docs/product.md §18). Null otherwise.
   */
  agreedPrice: z.number().nullable(),
});
export type ChatThreadHeader = z.infer<typeof chatThreadHeaderSchema>;
export const chatThreadHeaderResponseSchema = z.object({ data: chatThreadHeaderSchema });

// ---------------------------------------------------------------------------------------------------------
// GET /api/Message/history/{productId}/with/{receiverId}?pageSize&before

export const chatHistoryQuerySchema = z.object({
  /** The newest `pageSize` messages older than `before` (a message id); without it, the newest ones. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .transform((size) => Math.min(size ?? CHAT_LIMITS.historyPageSize, CHAT_LIMITS.historyPageMax)),
});
/** Oldest to newest. `hasMore` says older messages exist (ask again with `before` = the first id). */
export const chatHistoryResponseSchema = z.object({
  data: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/Message/unread-count (the same numbers /generalhub pushes)

export const unreadCountsSchema = z.object({
  /** Chats with at least one message the caller has not read. */
  messages: z.number().int(),
  /** Unread support answers (support tickets). */
  support: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
export const unreadCountsResponseSchema = z.object({ data: unreadCountsSchema });
