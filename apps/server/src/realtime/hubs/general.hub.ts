import { HUB_EVENTS, HUB_METHODS, HUBS, type UnreadCounts } from '@rummage/contract';
import type { AppHub, HubEvents, HubInvocation } from '../hub.js';

type GeneralInvocation = HubInvocation<HubEvents<'general'>>;

/** A user's badge numbers (MessageService.unreadCounts: chats with unread messages, unread support answers). */
export type UnreadCountsProvider = (userId: number) => Promise<UnreadCounts>;

/** A user's unread notification count (the bell, docs/product.md §10). */
export type NotificationCountProvider = (userId: number) => Promise<number>;

/**
 * /generalhub (docs/product.md §7): the header and footer badges and the notification bell. Every connection is
 * reachable per user (clients.user(id)), so pushes need no group; Join(isSupport) only asks for the current
 * numbers at once.
 */
export function createGeneralHub(
  unreadCounts: UnreadCountsProvider,
  notificationCount?: NotificationCountProvider,
): AppHub<'general'> {
  return {
    name: 'general',
    path: HUBS.general,
    methods: {
      // isSupport is what the SPEC's client sends (always false); both numbers go out either way.
      [HUB_METHODS.general.join]: {
        argCount: 1,
        handler: async ({ context, clients }: GeneralInvocation) => {
          const counts = await unreadCounts(context.user.id);
          await clients.caller.send(HUB_EVENTS.unreadMessagesCount, counts.messages);
          await clients.caller.send(HUB_EVENTS.unreadSupportMessagesCount, counts.support);
          if (notificationCount) {
            await clients.caller.send(
              HUB_EVENTS.notificationsCount,
              await notificationCount(context.user.id),
            );
          }
        },
      },
    },
  };
}
