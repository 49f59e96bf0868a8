import { HUB_EVENTS } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { HubLookup } from '../hub.js';

/** People whose counts are read in one statement. */
const COUNTS_PER_QUERY = 1_000;

/**
 * The notification bell on /generalhub: receivenotificationscount (a number) to every connection of the person
 * whose unread count changed, on whichever process holds them (clients.user goes through the backplane).
 *
 * The count is read again here, after the change committed: the one the event carries was counted inside its
 * transaction, which cannot see an entry another transaction made for the same person at the same moment (a like
 * and a chat message handled at once), so the later of the two told one too few. The changes told in one turn (a
 * seller's new listing tells each follower) are read together, a thousand people a statement, not one by one.
 */
export function deliverNotificationCounts(
  events: EventBus,
  hubs: HubLookup,
  unreadOf: (userIds: readonly number[]) => Promise<Map<number, number>>,
): void {
  let changed = new Set<number>();
  let scheduled = false;
  const tell = async () => {
    const userIds = [...changed];
    changed = new Set();
    scheduled = false;
    for (let start = 0; start < userIds.length; start += COUNTS_PER_QUERY) {
      const some = userIds.slice(start, start + COUNTS_PER_QUERY);
      const counts = await unreadOf(some);
      await Promise.all(
        some.map((userId) =>
          hubs('general')
            .clients.user(userId)
            .send(HUB_EVENTS.notificationsCount, counts.get(userId) ?? 0),
        ),
      );
    }
  };
  events.on('notification.countChanged', async ({ userId }) => {
    changed.add(userId);
    if (scheduled) return;
    // The first change of a turn tells them all once the turn's other changes have joined it.
    scheduled = true;
    await new Promise((resolve) => setImmediate(resolve)).then(tell);
  });
}
