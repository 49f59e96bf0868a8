import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  apiPath,
  type HeldMessage,
  type ModerationLogResponse,
  type SearchReportResponse,
  type StaffReportsResponse,
  type StaffTicketDetail,
  type StaffTicketsResponse,
  type StaffUserDetail,
  type StaffUsersResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** Every staff query starts with 'staff', so one action can refresh every list it may change. */
export const staffKeys = {
  all: ['staff'] as const,
  tickets: (status: string, page: number) => ['staff', 'tickets', status, page] as const,
  ticketsAll: ['staff', 'tickets'] as const,
  ticket: (ticketId: number) => ['staff', 'ticket', ticketId] as const,
  reports: (status: string, page: number) => ['staff', 'reports', status, page] as const,
  users: (query: string, page: number) => ['staff', 'users', query, page] as const,
  user: (userId: number) => ['staff', 'user', userId] as const,
  log: (page: number) => ['staff', 'log', page] as const,
  searchReport: ['staff', 'search-report'] as const,
  held: ['staff', 'held'] as const,
};

export const STAFF_PAGE_SIZE = 20;

export function fetchTickets(status: string, page: number, signal?: AbortSignal) {
  return apiFetch<StaffTicketsResponse>(API.staff.tickets, {
    query: { status, page, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function fetchTicket(ticketId: number, signal?: AbortSignal): Promise<StaffTicketDetail> {
  return apiFetch<{ data: StaffTicketDetail }>(apiPath(API.staff.ticket, { ticketId }), { signal }).then(
    (body) => body.data,
  );
}

export function fetchReports(status: string, page: number, signal?: AbortSignal) {
  return apiFetch<StaffReportsResponse>(API.staff.reports, {
    query: { status, page, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function fetchUsers(query: string, page: number, signal?: AbortSignal) {
  return apiFetch<StaffUsersResponse>(API.staff.users, {
    query: { query, page, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function fetchUser(userId: number, signal?: AbortSignal): Promise<StaffUserDetail> {
  return apiFetch<{ data: StaffUserDetail }>(apiPath(API.staff.user, { userId }), { signal }).then(
    (body) => body.data,
  );
}

export function fetchModerationLog(page: number, signal?: AbortSignal) {
  return apiFetch<ModerationLogResponse>(API.staff.moderationLog, {
    query: { page, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

/** The last 7 days' searches that found nothing (docs/product.md, "Search"). */
export function fetchSearchReport(signal?: AbortSignal): Promise<SearchReportResponse> {
  return apiFetch<SearchReportResponse>(API.staff.searchReport, { signal });
}

/** Chat messages held for a check (docs/product.md §16), oldest first; not paged. */
export function fetchHeldMessages(signal?: AbortSignal): Promise<HeldMessage[]> {
  return apiFetch<{ data: HeldMessage[] }>(API.staff.heldMessages, { signal }).then((body) => body.data);
}

/** A staff action: the path pattern, its ids, and the reason when the action takes one. */
export interface StaffActionRequest {
  path: string;
  params: Record<string, number>;
  reason?: string;
}

/**
 * Runs one moderation action (hide, ban, close…) and refreshes every staff list afterwards, since one action
 * shows in several places (the queue, the user's page, the log). The answer's `message` is the server's words.
 */
export function useStaffAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, params, reason }: StaffActionRequest) =>
      apiFetch<{ message?: string; data?: unknown }>(apiPath(path, params), {
        method: 'POST',
        body: reason === undefined ? {} : { reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
