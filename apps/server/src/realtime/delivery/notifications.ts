import { HUB_EVENTS } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';

/**
 * The notification bell on /generalhub: receivenotificationscount (a number) to every connection of the person
 * whose unread count changed, on whichever process holds them (clients.user goes through the backplane).
 */
export function deliverNotificationCounts(events: EventBus, hubs: HubLookup): void {
  events.on('notification.countChanged', async ({ userId, unread }) => {
    await hubs('general').clients.user(userId).send(HUB_EVENTS.notificationsCount, unread);
  });
}
