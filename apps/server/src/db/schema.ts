/**
 * The database schema (drizzle), one file per part of the product. drizzle-kit reads this file
 * (drizzle.config.ts) to generate migrations; the app and its tests import tables from here.
 */
export * from './schema/people.js';
export * from './schema/listings.js';
export * from './schema/messaging.js';
export * from './schema/notifications.js';
export * from './schema/saved-searches.js';
export * from './schema/search.js';
export * from './schema/deals.js';
