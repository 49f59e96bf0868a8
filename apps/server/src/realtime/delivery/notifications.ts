import { HUB_EVENTS } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';

/**
 * The notification bell on /generalhub: receivenotificationscount (a number) to every connection of the person
 * whose unread count changed, on whichever process holds them (clients.user goes through the backplane).
 *
 * The count is read again here, after the change committed: the one the event carries was counted inside its
 * transaction, which cannot see an entry another transaction made for the same person at the same moment (a like
 * and a chat message handled at once), so the later of the two told one too few.
 */
export function deliverNotificationCounts(
  events: EventBus,
  hubs: HubLookup,
  unreadOf: (userId: number) => Promise<number>,
): void {
  events.on('notification.countChanged', async ({ userId }) => {
    await hubs('general')
      .clients.user(userId)
      .send(HUB_EVENTS.notificationsCount, await unreadOf(userId));
  });
}
