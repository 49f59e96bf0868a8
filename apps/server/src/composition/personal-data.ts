/** The composition root's personal-data part (index.ts). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/bus.js';
import type { DurableEvents } from '../events/durable.js';
import { createAccountDataService } from '../modules/account/account-data.service.js';
import type { Listings } from './listings.js';
import type { Storage } from './storage.js';

/**
 * A person's own data: the export file and the account's deletion. Deletion ends the sessions on the bus (hub
 * delivery closes the connections) and removes photo files through the image store after the commit.
 */
export function composePersonalData({
  config,
  storage: { database, imageStore },
  listings: { users },
  events,
  durable,
  log,
}: {
  config: AppConfig;
  storage: Storage;
  listings: Pick<Listings, 'users'>;
  events: EventBus;
  durable: DurableEvents;
  log: FastifyBaseLogger;
}) {
  const accountData = createAccountDataService({
    db: database.db,
    store: imageStore,
    discardProfilePhotos: (urls) => users.discardPhotos(urls),
    events,
    durable,
    productName: config.productName,
    log,
  });
  return { accountData };
}
export type PersonalData = ReturnType<typeof composePersonalData>;
