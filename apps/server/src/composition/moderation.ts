/** The composition root's moderation part (index.ts). */
import type { EventBus } from '../events/bus.js';
import type { DurableEvents } from '../events/durable.js';
import { createStaffService } from '../modules/staff/staff.service.js';
import type { Messaging } from './messaging.js';
import type { Storage } from './storage.js';

/** The staff console: tickets, reports, bans and roles. */
export function composeModeration({
  storage: { database, imageStore: store },
  messaging: { support },
  events,
  durable,
}: {
  storage: Storage;
  messaging: Pick<Messaging, 'support'>;
  events: EventBus;
  durable: DurableEvents;
}) {
  // A ban or a role change is told on the bus; hub delivery (realtime/delivery/sessions.ts) ends the connections.
  const staff = createStaffService({ db: database.db, store, support, events, durable });
  return { staff };
}
export type Moderation = ReturnType<typeof composeModeration>;
