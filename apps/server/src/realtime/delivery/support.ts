import { HUB_EVENTS, SUPPORT_HUB_EVENTS } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../../events/bus.js';
import { staffIds } from '../../modules/support/support.repository.js';
import { createSupportUnreadCounter } from '../../modules/support/support.service.js';
import type { HubLookup } from '../hub.js';

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Support tickets on /supporthub (ReceiveMessage, TicketChanged) to the ticket's owner and to the staff, and the
 * unread support badge on /generalhub. "The staff" is read per push, not fixed when a connection opened: a role
 * taken back stops the flow at once, a role granted starts it. Owner and staff cover everyone JoinChat admits to
 * the ticket, so its group is not sent to as well (nobody gets a message twice).
 */
export function deliverSupportEvents(events: EventBus, hubs: HubLookup, db: Database, log?: Log): void {
  const counter = createSupportUnreadCounter(db);
  const ownerAndStaff = async (ownerId: number) =>
    hubs('support').clients.users([ownerId, ...(await staffIds(db))]);

  events.on('support.messageSent', async ({ message, ownerId }) => {
    await (await ownerAndStaff(ownerId)).send(HUB_EVENTS.receiveMessage, message);
  });

  events.on('support.ticketChanged', async ({ ticket }) => {
    await (await ownerAndStaff(ticket.userId)).send(SUPPORT_HUB_EVENTS.ticketChanged, ticket);
  });

  events.on('support.unreadChanged', async (change) => {
    const targets = new Set(change.userIds);
    // Staff share one read position per ticket, so one staff member reading changes every staff badge.
    if (change.staff) for (const id of await staffIds(db)) targets.add(id);
    const general = hubs('general');
    await Promise.all(
      [...targets].map(async (userId) => {
        try {
          const count = await counter.countForUserId(userId);
          await general.clients.user(userId).send(HUB_EVENTS.unreadSupportMessagesCount, count);
        } catch (error) {
          log?.warn({ err: error, userId }, 'unread support count not pushed');
        }
      }),
    );
  });
}
