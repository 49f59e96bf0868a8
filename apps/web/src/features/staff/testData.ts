import {
  safetyWarningOf,
  type HeldMessage,
  type ModerationLogEntry,
  type StaffReportedProduct,
  type StaffTicket,
  type StaffUserDetail,
  type StaffUserSummary,
} from '@rummage/contract';
import { ME_OK, mockApi, storeSession, type MockAnswer } from '../../test/api';
import { TICKET } from '../../test/supportHub';

/** The signed-in staff member (or admin, or plain user) as GET /api/Account/me answers. */
export function meAs(role: 'user' | 'staff' | 'admin', id = 3, username = 'sam') {
  return { body: { data: { ...ME_OK.body.data, id, username, role } } };
}

export function signInAs(
  role: 'user' | 'staff' | 'admin',
  answers: Record<string, MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer)> = {},
) {
  storeSession({ userId: '3', username: 'sam' });
  const api = mockApi({ 'GET /api/Account/me': meAs(role), ...answers });
  const callsTo = (route: string) => api.calls.filter((call) => `${call.method} ${call.path}` === route);
  return { ...api, callsTo };
}

export function queueTicket(overrides: Partial<StaffTicket> = {}): StaffTicket {
  return {
    ...TICKET,
    unreadCount: 1,
    hasUnread: true,
    waitingSince: new Date(Date.now() - 60 * 60_000).toISOString(),
    lastMessageAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    lastMessage: TICKET.message,
    lastMessageSentByUser: true,
    closedAt: null,
    closedBy: null,
    ...overrides,
  };
}

export const MARIA: StaffUserSummary = {
  id: 7,
  username: 'maria',
  email: 'maria@example.com',
  role: 'user',
  imageUrl: null,
  createdAt: '2024-01-02T10:00:00.000Z',
  bannedAt: null,
  banReason: null,
};

export function reportedProduct(overrides: Partial<StaffReportedProduct> = {}): StaffReportedProduct {
  return {
    productId: 12,
    title: 'Blue armchair',
    price: 40,
    mainImage: null,
    isSold: false,
    sellerId: MARIA.id,
    sellerName: MARIA.username,
    sellerBanned: false,
    hiddenAt: null,
    hiddenReason: null,
    openReports: 2,
    totalReports: 2,
    lastReportedAt: '2025-03-05T10:00:00.000Z',
    reports: [
      {
        id: 2,
        reporterId: 8,
        reporterName: 'ollie',
        reason: 'Looks like a scam',
        status: 'open',
        createdAt: '2025-03-05T10:00:00.000Z',
        relatedProductId: null,
        relatedUserId: null,
        relatedUserName: null,
      },
      {
        id: 1,
        reporterId: 9,
        reporterName: 'priya',
        reason: null,
        status: 'open',
        createdAt: '2025-03-04T10:00:00.000Z',
        relatedProductId: null,
        relatedUserId: null,
        relatedUserName: null,
      },
    ],
    ...overrides,
  };
}

export function userDetail(overrides: Partial<StaffUserSummary> = {}): StaffUserDetail {
  return {
    user: { ...MARIA, address: 'Springfield, IL', ...overrides },
    listings: [
      {
        id: 12,
        title: 'Blue armchair',
        price: 40,
        mainImage: null,
        isSold: false,
        createdAt: '2025-03-01T10:00:00.000Z',
        hiddenAt: '2025-03-06T10:00:00.000Z',
        hiddenReason: 'Counterfeit',
        openReports: 0,
      },
    ],
    reports: [
      {
        id: 2,
        reporterId: 8,
        reporterName: 'ollie',
        reason: 'Looks like a scam',
        status: 'reviewed',
        createdAt: '2025-03-05T10:00:00.000Z',
        productId: 12,
        productTitle: 'Blue armchair',
        relatedProductId: null,
        relatedUserId: null,
        relatedUserName: null,
      },
    ],
    tickets: [{ ...TICKET, closedAt: null, lastMessageAt: TICKET.updatedAt }],
    garageSales: 1,
    rejectedMessages: 2,
  };
}

export function logEntry(overrides: Partial<ModerationLogEntry> = {}): ModerationLogEntry {
  return {
    id: 1,
    action: 'hide-listing',
    actor: { id: 3, username: 'sam' },
    targetUser: { id: 7, username: 'maria' },
    targetProduct: { id: 12, title: 'Blue armchair' },
    targetTicketId: null,
    reason: 'Counterfeit',
    createdAt: '2025-03-06T10:00:00.000Z',
    ...overrides,
  };
}

/** A message from a three-hour-old, unverified account, held for a check (docs/product.md §16). */
export function heldMessage(overrides: Partial<HeldMessage> = {}): HeldMessage {
  return {
    id: 5,
    productId: 12,
    productTitle: 'Blue armchair',
    sender: {
      id: 8,
      username: 'ollie',
      joinedAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
      emailVerified: false,
    },
    receiver: { id: MARIA.id, username: MARIA.username },
    text: 'Pay the courier fee here:\n  https://rummage-pay.example/verify',
    warning: safetyWarningOf('paymentLink'),
    score: 0.99973,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}
