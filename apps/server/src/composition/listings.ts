/**
 * The composition root's listings part (index.ts): products, likes and views, reservations and offers, the feed, saved
 * searches, garage sales and profiles, with the gazetteer and image store they share.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DurableEvents } from '../events/durable.js';
import type { JobQueue } from '../jobs/queue/queue.js';
import { createGarageService } from '../modules/garage/garage.service.js';
import { createMarketplaceService } from '../modules/marketplace/marketplace.service.js';
import { createDealService } from '../modules/deal/deal.service.js';
import { createReviewService } from '../modules/deal/review.service.js';
import { createOfferService } from '../modules/offer/offer.service.js';
import { memorySnapshotMemo, redisSnapshotMemo } from '../modules/marketplace/snapshots.js';
import { createEngagementService } from '../modules/product/engagement.service.js';
import { photoCheckJob } from '../modules/product/duplicate-photos.js';
import { createProductService } from '../modules/product/product.service.js';
import { createReservationService } from '../modules/product/reservation.service.js';
import { createSavedSearchService } from '../modules/saved-search/saved-search.service.js';
import { createUserService } from '../modules/user/user.service.js';
import type { People } from './people.js';
import type { Storage } from './storage.js';

/**
 * Listings and the people behind them: products, likes and views, the feed, saved searches, garage sales,
 * profiles.
 */
export function composeListings({
  config,
  storage,
  durable,
  queue,
  people: { verification },
  log,
}: {
  config: AppConfig;
  storage: Storage;
  durable: DurableEvents;
  queue: JobQueue;
  people: Pick<People, 'verification'>;
  log: FastifyBaseLogger;
}) {
  const { database, imageStore: store, redis, gazetteer } = storage;
  const db = database.db;
  const reverse = (lat: number, lng: number) => gazetteer.reverse(lat, lng);
  const cityCentreAt = (lat: number, lng: number) => gazetteer.cityCentreAt?.(lat, lng);
  const memo = redis ? redisSnapshotMemo(redis, config.redisKeyPrefix) : memorySnapshotMemo();
  const reservations = createReservationService({
    db,
    durable,
    queue,
    durationMs: config.reservations.durationMs,
  });
  queue.define(photoCheckJob(db, { log }));
  queue.define(reservations.lapseJob);
  const offers = createOfferService({
    db,
    durable,
    queue,
    reservations,
    durationMs: config.offers.durationMs,
    requireVerifiedEmail: config.emailVerification.required,
    currency: config.locale.currency,
  });
  queue.define(offers.lapseJob);
  const deals = createDealService({ db, durable, queue, windowMs: config.reviews.windowMs });
  const reviews = createReviewService({ db, durable });
  queue.define(reviews.windowEndJob);
  return {
    products: createProductService({
      db,
      store,
      reverse,
      maxImages: config.uploads.maxImages,
      log,
      durable,
      requireVerifiedEmail: config.emailVerification.required,
      queue,
      deals,
    }),
    engagement: createEngagementService({ db, durable }),
    reservations,
    offers,
    deals,
    reviews,
    marketplace: createMarketplaceService({ db, store, memo }),
    garages: createGarageService({ db, reverse }),
    users: createUserService({ db, store, reverse, cityCentreAt, log, verification }),
    savedSearches: createSavedSearchService({ db, reverse }),
  };
}
export type Listings = ReturnType<typeof composeListings>;
