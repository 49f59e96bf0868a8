import { z } from 'zod';
import { SUPPORT_LIMITS } from '../constants.js';
import { messages } from '../messages.js';
import { ROLES } from './account.js';
import { idSchema, pageNumberSchema, pageSizeSchema } from './common.js';
import { supportTicketSchema, ticketMessageSchema } from './support.js';
import { safetyWarningSchema } from './message.js';

/** The staff console (beyond the SPEC): ticket queue, report moderation, bans and roles. */
const S = messages.staff;

export const MODERATION_REASON_MAX = 500;

/** Every action the moderation log records. */
export const MODERATION_ACTIONS = [
  'hide-listing',
  'unhide-listing',
  'dismiss-reports',
  'ban-user',
  'unban-user',
  'delete-account',
  'grant-staff',
  'revoke-staff',
  'close-ticket',
  'reopen-ticket',
  'create-admin',
  'revoke-admin',
  'release-message',
  'reject-message',
  'remove-review',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Server → client events of /supporthub beyond the SPEC's ReceiveMessage. */
export const SUPPORT_HUB_EVENTS = {
  /** A ticket was closed or reopened: carries the ticket (supportTicketSchema). Sent to its owner and to staff. */
  ticketChanged: 'TicketChanged',
} as const;

const pagingShape = {
  page: pageNumberSchema,
  pageSize: pageSizeSchema(100, 20),
};
export const staffPagingQuerySchema = z.object(pagingShape);
const pageInfo = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };

const requiredReason = z
  .string({ error: S.reasonRequired })
  .trim()
  .min(1, { error: S.reasonRequired })
  .max(MODERATION_REASON_MAX, { error: S.reasonTooLong });
const optionalReason = z
  .string()
  .trim()
  .max(MODERATION_REASON_MAX, { error: S.reasonTooLong })
  .optional()
  .transform((value) => (value ? value : undefined));

/** Hide a listing, ban a user: the reason is required (the owner and the log show it). */
export const moderationReasonSchema = z.object({ reason: requiredReason });
/** Unhide, dismiss, unban, close, reopen, role changes: a note is optional. Bodyless calls are accepted. */
export const optionalReasonSchema = z.object({ reason: optionalReason }).nullish();
export type ModerationReasonRequest = z.input<typeof moderationReasonSchema>;

export const staffReplySchema = z.object({
  message: z
    .string({ error: messages.common.fillFieldsProperly })
    .trim()
    .min(1, { error: messages.common.fillFieldsProperly })
    .max(SUPPORT_LIMITS.messageMax, { error: messages.support.tooLong }),
});
export type StaffReplyRequest = z.input<typeof staffReplySchema>;

export const productIdParamsSchema = z.object({ productId: idSchema });
export const staffUserIdParamsSchema = z.object({ userId: idSchema });

// ---------------------------------------------------------------------------------------------------------
// Tickets

export const STAFF_TICKET_FILTERS = ['all', 'open', 'closed'] as const;
export const staffTicketsQuerySchema = z.object({
  status: z.enum(STAFF_TICKET_FILTERS).optional().default('all'),
  ...pagingShape,
});
export type StaffTicketsQuery = z.input<typeof staffTicketsQuerySchema>;

/** A queue row: the ticket plus what staff need to pick the next one. */
export const staffTicketSchema = supportTicketSchema.extend({
  /** Messages from the user that no staff member has read yet. */
  unreadCount: z.number().int(),
  hasUnread: z.boolean(),
  /** When the oldest user message after the last staff answer was sent; null when staff spoke last. */
  waitingSince: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessage: z.string(),
  lastMessageSentByUser: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;
export const staffTicketsResponseSchema = z.object({ data: z.array(staffTicketSchema), ...pageInfo });
export type StaffTicketsResponse = z.infer<typeof staffTicketsResponseSchema>;

export const staffUserSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
});
export type StaffUserSummary = z.infer<typeof staffUserSummarySchema>;

export const staffTicketDetailSchema = z.object({
  ticket: staffTicketSchema,
  user: staffUserSummarySchema,
  /** Oldest first; `isNew` from the staff side's read position. */
  messages: z.array(ticketMessageSchema),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;
export const staffTicketDetailResponseSchema = z.object({ data: staffTicketDetailSchema });

export const staffReplyResponseSchema = z.object({ message: z.string(), data: ticketMessageSchema });
export const staffTicketResponseSchema = z.object({ message: z.string(), data: supportTicketSchema });

/** POST /api/Support/read answers the caller's unread support count after reading (the footer badge). */
export const supportReadResponseSchema = z.object({
  data: z.object({ ticketId: z.number().int(), unreadCount: z.number().int() }),
});
export type SupportReadResponse = z.infer<typeof supportReadResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reports

export const STAFF_REPORT_FILTERS = ['open', 'all'] as const;
export const staffReportsQuerySchema = z.object({
  /** open: listings with reports nobody handled yet; all: every reported listing. */
  status: z.enum(STAFF_REPORT_FILTERS).optional().default('open'),
  ...pagingShape,
});
export type StaffReportsQuery = z.input<typeof staffReportsQuerySchema>;

export const REPORT_STATUS_VALUES = ['open', 'reviewed', 'dismissed'] as const;
/** The reason of the report Rummage files itself when a listing's photo matches another seller's (§17). */
export const DUPLICATE_PHOTO_REASON = 'duplicatePhoto';
export const staffReportSchema = z.object({
  id: z.number().int(),
  /** null on an automatic report (reason "duplicatePhoto"); also once the reporter deleted their account. */
  reporterId: z.number().int().nullable(),
  reporterName: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(REPORT_STATUS_VALUES),
  createdAt: z.string(),
  /** A duplicate photo's other listing (perhaps deleted since) and its seller; null on a person's report. */
  relatedProductId: z.number().int().nullable(),
  relatedUserId: z.number().int().nullable(),
  relatedUserName: z.string().nullable(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** A reported listing with its reports, newest report first. */
export const staffReportedProductSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  price: z.number(),
  mainImage: z.string().nullable(),
  isSold: z.boolean(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  sellerBanned: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  openReports: z.number().int(),
  totalReports: z.number().int(),
  lastReportedAt: z.string(),
  reports: z.array(staffReportSchema),
});
export type StaffReportedProduct = z.infer<typeof staffReportedProductSchema>;
/** A reported rating (docs/product.md §20), in the same queue: staff may remove it with a reason. */
export const staffReportedReviewSchema = z.object({
  reviewId: z.number().int(),
  stars: z.number().int(),
  text: z.string(),
  /** null once the account is deleted ("Deleted user"). */
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string(),
  removedAt: z.string().nullable(),
  removedReason: z.string().nullable(),
  openReports: z.number().int(),
  lastReportedAt: z.string(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporterId: z.number().int(),
      reporterName: z.string(),
      reason: z.string().nullable(),
      status: z.enum(REPORT_STATUS_VALUES),
      createdAt: z.string(),
    }),
  ),
});
export type StaffReportedReview = z.infer<typeof staffReportedReviewSchema>;
export const staffReportsResponseSchema = z.object({
  data: z.array(staffReportedProductSchema),
  /** Reported ratings (open ones, or all), most recently reported first; on the first page only. */
  reviewReports: z.array(staffReportedReviewSchema),
  ...pageInfo,
});
export type StaffReportsResponse = z.infer<typeof staffReportsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Users

export const staffUsersQuerySchema = z.object({
  /** Part of a username or e-mail, any letter case; empty lists everyone, newest first. */
  query: z.string().trim().max(200).optional().default(''),
  ...pagingShape,
});
export type StaffUsersQuery = z.input<typeof staffUsersQuerySchema>;
export const staffUsersResponseSchema = z.object({ data: z.array(staffUserSummarySchema), ...pageInfo });
export type StaffUsersResponse = z.infer<typeof staffUsersResponseSchema>;

export const staffListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number(),
  mainImage: z.string().nullable(),
  isSold: z.boolean(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  openReports: z.number().int(),
});
export type StaffListing = z.infer<typeof staffListingSchema>;

export const staffReportAgainstSchema = staffReportSchema.extend({
  productId: z.number().int(),
  productTitle: z.string(),
});

export const staffUserDetailSchema = z.object({
  user: staffUserSummarySchema.extend({ address: z.string().nullable() }),
  listings: z.array(staffListingSchema),
  /** Reports against this person's listings, newest first. */
  reports: z.array(staffReportAgainstSchema),
  tickets: z.array(
    supportTicketSchema.extend({ closedAt: z.string().nullable(), lastMessageAt: z.string() }),
  ),
  garageSales: z.number().int(),
  /** Their chat messages staff rejected after a hold (docs/product.md §16): part of their report history. */
  rejectedMessages: z.number().int(),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;
export const staffUserDetailResponseSchema = z.object({ data: staffUserDetailSchema });
export const staffUserResponseSchema = z.object({ message: z.string(), data: staffUserSummarySchema });

export const staffProductResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    productId: z.number().int(),
    hiddenAt: z.string().nullable(),
    hiddenReason: z.string().nullable(),
    openReports: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Moderation log

const personRef = z.object({ id: z.number().int(), username: z.string() }).nullable();
export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  /** One of MODERATION_ACTIONS (a string, so an older client still reads entries of a newer server). */
  action: z.string(),
  actor: personRef,
  targetUser: personRef,
  targetProduct: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  targetTicketId: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogResponseSchema = z.object({
  data: z.array(moderationLogEntrySchema),
  ...pageInfo,
});
export type ModerationLogResponse = z.infer<typeof moderationLogResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Held chat messages (docs/product.md §16)

export const heldMessageIdParamsSchema = z.object({ heldMessageId: idSchema });

/** A chat message held for a check: near-certain spam from a new or unverified account, not yet delivered. */
export const heldMessageSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string().nullable(),
  sender: z.object({
    id: z.number().int(),
    username: z.string(),
    joinedAt: z.string(),
    emailVerified: z.boolean(),
  }),
  receiver: z.object({ id: z.number().int(), username: z.string() }),
  text: z.string(),
  warning: safetyWarningSchema,
  /** The classifier's probability that it is scam or spam. */
  score: z.number(),
  createdAt: z.string(),
});
export type HeldMessage = z.infer<typeof heldMessageSchema>;
export const heldMessagesResponseSchema = z.object({ data: z.array(heldMessageSchema) });
export const heldMessageActionResponseSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), status: z.enum(['released', 'rejected']) }),
});

/** GET /api/Staff/search-report: the last 7 days' searches (words only, never who searched). */
export const searchReportResponseSchema = z.object({
  /** First pages of the marketplace read with search words. */
  searches: z.number().int(),
  /** The share of them (0 to 1) that found nothing. */
  zeroResultShare: z.number(),
  /** The 20 words searched most often that found nothing, most often first. */
  topZeroResultQueries: z.array(z.object({ query: z.string(), count: z.number().int() })),
});
export type SearchReportResponse = z.infer<typeof searchReportResponseSchema>;
