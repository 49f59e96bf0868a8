import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  errorBodySchema,
  messageBodySchema,
  messages,
  moderationLogResponseSchema,
  moderationReasonSchema,
  optionalReasonSchema,
  productIdParamsSchema,
  searchReportResponseSchema,
  staffPagingQuerySchema,
  staffProductResponseSchema,
  staffReplyResponseSchema,
  staffReplySchema,
  staffReportsQuerySchema,
  staffReportsResponseSchema,
  staffTicketDetailResponseSchema,
  staffTicketResponseSchema,
  staffTicketsQuerySchema,
  staffTicketsResponseSchema,
  staffUserDetailResponseSchema,
  staffUserIdParamsSchema,
  staffUserResponseSchema,
  staffUsersQuerySchema,
  staffUsersResponseSchema,
  ticketIdParamsSchema,
} from '@rummage/contract';
import { acceptEmptyJsonBody } from '../../plugins/empty-json-body.js';
import { refusalResponses } from '../../plugins/errors.js';
import { budgetHeaders } from '../../plugins/rate-limit.js';
import { access } from '../../plugins/openapi.js';
import type { AccountDataService } from '../account/account-data.service.js';
import type { SupportService } from '../support/support.service.js';
import { requireAdmin, requireStaff, staffMember } from './staff.guard.js';
import type { StaffService } from './staff.service.js';

const T = messages.staff;
const tags = ['Staff'];
const security = access.signedIn;
const refusals = { ...refusalResponses, 409: errorBodySchema };

export interface StaffRoutesOptions {
  staff: StaffService;
  support: SupportService;
  /** Deleting someone's account is the account's own deletion, with the staff rules and a log entry. */
  accountData: AccountDataService;
}

/**
 * The staff console's API (beyond the SPEC). Every route is behind one gate (requireStaff: visitor 401, user
 * 403); role changes add requireAdmin. Each action writes the moderation log in its own transaction.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { staff, support, accountData },
) => {
  app.addHook('onRequest', requireStaff);
  // Unhide, unban, close… carry no body when no note is given.
  acceptEmptyJsonBody(app);

  app.get(
    API.staff.tickets,
    {
      schema: {
        tags,
        operationId: 'Staff_tickets',
        summary: 'Ticket queue: open first, longest-waiting first; unread marks',
        querystring: staffTicketsQuerySchema,
        security,
        response: { 200: staffTicketsResponseSchema, ...refusals },
      },
    },
    async (request) => staff.tickets(request.query),
  );

  app.get(
    API.staff.ticket,
    {
      schema: {
        tags,
        operationId: 'Staff_ticket',
        summary: 'One ticket with its user and messages (isNew from the staff side)',
        params: ticketIdParamsSchema,
        security,
        response: { 200: staffTicketDetailResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await staff.ticket(staffMember(request), request.params.ticketId) }),
  );

  app.post(
    API.staff.ticketReply,
    {
      schema: {
        tags,
        operationId: 'Staff_ticketReply',
        summary: 'Answer as the support account (REST twin of /supporthub SendMessage); 409 when closed',
        params: ticketIdParamsSchema,
        body: staffReplySchema,
        security,
        response: { 200: staffReplyResponseSchema, ...refusals },
      },
    },
    async (request, reply) => ({
      message: T.replySent,
      data: await support.send(
        staffMember(request),
        request.params.ticketId,
        request.body.message,
        'staff',
        budgetHeaders(reply),
      ),
    }),
  );

  for (const [path, open] of [
    [API.staff.ticketClose, false],
    [API.staff.ticketReopen, true],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          operationId: open ? 'Staff_ticketReopen' : 'Staff_ticketClose',
          summary: open
            ? 'Reopen a closed ticket (409 when its user has opened another)'
            : 'Close a ticket (its user may then open a new one)',
          params: ticketIdParamsSchema,
          body: optionalReasonSchema,
          security,
          response: { 200: staffTicketResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const actor = staffMember(request);
        const { ticketId } = request.params;
        const reason = request.body?.reason;
        return open
          ? { message: T.ticketReopened, data: await support.reopen(actor, ticketId, reason) }
          : { message: T.ticketClosed, data: await support.close(actor, ticketId, reason) };
      },
    );
  }

  app.get(
    API.staff.reports,
    {
      schema: {
        tags,
        operationId: 'Staff_reports',
        summary: 'Reported listings grouped, most open reports first, with reporters',
        querystring: staffReportsQuerySchema,
        security,
        response: { 200: staffReportsResponseSchema, ...refusals },
      },
    },
    async (request) => staff.reports(request.query),
  );

  app.post(
    API.staff.hideProduct,
    {
      schema: {
        tags,
        operationId: 'Staff_hideProduct',
        summary: 'Hide a listing from everyone but its owner and staff; its open reports become reviewed',
        params: productIdParamsSchema,
        body: moderationReasonSchema,
        security,
        response: { 200: staffProductResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: T.listingHidden,
      data: await staff.hideListing(staffMember(request), request.params.productId, request.body.reason),
    }),
  );

  app.post(
    API.staff.unhideProduct,
    {
      schema: {
        tags,
        operationId: 'Staff_unhideProduct',
        summary: 'Show a hidden listing again',
        params: productIdParamsSchema,
        body: optionalReasonSchema,
        security,
        response: { 200: staffProductResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: T.listingUnhidden,
      data: await staff.unhideListing(staffMember(request), request.params.productId, request.body?.reason),
    }),
  );

  app.post(
    API.staff.dismissReports,
    {
      schema: {
        tags,
        operationId: 'Staff_dismissReports',
        summary: "Dismiss a listing's open reports (the listing stays as it is)",
        params: productIdParamsSchema,
        body: optionalReasonSchema,
        security,
        response: { 200: staffProductResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: T.reportsDismissed,
      data: await staff.dismissReports(staffMember(request), request.params.productId, request.body?.reason),
    }),
  );

  app.get(
    API.staff.users,
    {
      schema: {
        tags,
        operationId: 'Staff_users',
        summary: 'Find people by part of their username or e-mail (any case), paged',
        querystring: staffUsersQuerySchema,
        security,
        response: { 200: staffUsersResponseSchema, ...refusals },
      },
    },
    async (request) => staff.users(request.query),
  );

  app.get(
    API.staff.user,
    {
      schema: {
        tags,
        operationId: 'Staff_user',
        summary: 'One person: listings (hidden too), reports against them, tickets, ban state',
        params: staffUserIdParamsSchema,
        security,
        response: { 200: staffUserDetailResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await staff.user(request.params.userId) }),
  );

  app.post(
    API.staff.banUser,
    {
      schema: {
        tags,
        operationId: 'Staff_banUser',
        summary: 'Ban: ends their sessions, refuses login, hides their listings and garage sales',
        params: staffUserIdParamsSchema,
        body: moderationReasonSchema,
        security,
        response: { 200: staffUserResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: T.userBanned,
      data: await staff.ban(staffMember(request), request.params.userId, request.body.reason),
    }),
  );

  app.post(
    API.staff.unbanUser,
    {
      schema: {
        tags,
        operationId: 'Staff_unbanUser',
        summary: 'Lift a ban: listings and garage sales show again; the person signs in anew',
        params: staffUserIdParamsSchema,
        body: optionalReasonSchema,
        security,
        response: { 200: staffUserResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      message: T.userUnbanned,
      data: await staff.unban(staffMember(request), request.params.userId, request.body?.reason),
    }),
  );

  app.post(
    API.staff.deleteUser,
    {
      schema: {
        tags,
        operationId: 'Staff_deleteUser',
        summary:
          'Delete the account as its owner could: listings, photos, sales, likes, follows and sessions go; chats stay',
        params: staffUserIdParamsSchema,
        body: moderationReasonSchema,
        security,
        response: { 200: messageBodySchema, ...refusals },
      },
    },
    async (request) => {
      await accountData.deleteByStaff(staffMember(request), request.params.userId, request.body.reason);
      request.log.info({ userId: request.params.userId }, 'account deleted by staff');
      return { message: messages.accountData.staffDeleted };
    },
  );

  for (const [path, grant] of [
    [API.staff.grantStaff, true],
    [API.staff.revokeStaff, false],
  ] as const) {
    app.post(
      path,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          operationId: grant ? 'Staff_grantStaff' : 'Staff_revokeStaff',
          summary: grant
            ? 'Make someone support staff (admins only)'
            : 'Take the staff role back (admins only)',
          params: staffUserIdParamsSchema,
          body: optionalReasonSchema,
          security,
          response: { 200: staffUserResponseSchema, ...refusals },
        },
      },
      async (request) =>
        staff.setStaff(staffMember(request), request.params.userId, grant, request.body?.reason),
    );
  }

  app.get(
    API.staff.moderationLog,
    {
      schema: {
        tags,
        operationId: 'Staff_moderationLog',
        summary: 'Every staff action, newest first',
        querystring: staffPagingQuerySchema,
        security,
        response: { 200: moderationLogResponseSchema, ...refusals },
      },
    },
    async (request) => staff.moderationLog(request.query),
  );

  app.get(
    API.staff.searchReport,
    {
      schema: {
        tags,
        operationId: 'Staff_searchReport',
        summary:
          "The last 7 days' marketplace searches: how many, the share that found nothing, the words most often",
        security,
        response: { 200: searchReportResponseSchema, ...refusals },
      },
    },
    async () => staff.searchReport(),
  );
};
