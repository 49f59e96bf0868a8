import {
  API,
  apiPath,
  type CreateTicketRequest,
  type SupportTicket,
  type TicketMessage,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';
import { browserTexts } from '../../shared/i18n/i18n';

export const supportKeys = {
  activeTicket: (token: string | null) => ['support', 'active-ticket', token] as const,
  history: (ticketId: number) => ['support', 'history', ticketId] as const,
};

function isTicket(value: unknown): value is SupportTicket {
  return !!value && typeof value === 'object' && typeof (value as SupportTicket).id === 'number';
}

/** GET my-active-ticket: `data` is the open ticket or empty (docs/product.md §7); a closed one counts as none. */
export async function fetchActiveTicket(signal?: AbortSignal): Promise<SupportTicket | null> {
  const body = await apiFetch<{ data?: unknown } | null>(API.support.myActiveTicket, { signal });
  const ticket = body?.data;
  return isTicket(ticket) && ticket.status !== 'closed' ? ticket : null;
}

export async function createTicket(request: CreateTicketRequest): Promise<SupportTicket | null> {
  const body = await apiFetch<{ data?: unknown } | null>(API.support.createTicket, {
    method: 'POST',
    body: request,
    fallbackMessage: browserTexts().support.failed,
  });
  return isTicket(body?.data) ? body.data : null;
}

function isTicketMessage(value: unknown): value is TicketMessage {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as TicketMessage).id === 'number' &&
    typeof (value as TicketMessage).content === 'string'
  );
}

/** docs/product.md §7: the history comes as an array or in `data`; anything that is not a message is skipped. */
export function ticketMessagesFrom(body: unknown): TicketMessage[] {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return Array.isArray(rows) ? rows.filter(isTicketMessage) : [];
}

export async function fetchTicketHistory(ticketId: number, signal?: AbortSignal): Promise<TicketMessage[]> {
  const body = await apiFetch<unknown>(apiPath(API.support.ticketHistory, { ticketId }), { signal });
  return ticketMessagesFrom(body);
}

/** Clears the unread support count for one side of the ticket; failures are only logged (docs/product.md §8). */
export async function markTicketRead(ticketId: number, isUser: boolean): Promise<void> {
  try {
    await apiFetch(API.support.read, { method: 'POST', body: { ticketId, isUser } });
  } catch (error) {
    console.warn('Support read failed', error instanceof Error ? error.message : error);
  }
}
