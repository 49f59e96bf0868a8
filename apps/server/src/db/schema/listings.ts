/** Listings (with their photos, likes, reports and views), categories, and garage sales. */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPROXIMATE_CELL_DEGREES } from '@rummage/contract';
import { at, id, tsvector } from './columns.js';
import { userRef, users } from './people.js';

const CELL = sql.raw(`${APPROXIMATE_CELL_DEGREES}::float8`);

/**
 * The centre of the ~500 m cell a point lies in, in SQL: the contract's `approximatePoint` (the point answers show
 * of a listing to everyone but its seller), before its rounding to 6 decimals (under 6 cm). Listings store it
 * (`shown_latitude`, `shown_longitude`), and the radius search measures it (docs/security.md).
 */
export function cellCentreSql(latitude: SQL, longitude: SQL): { latitude: SQL; longitude: SQL } {
  const centreLatitude = sql`least(90::float8, greatest(-90::float8, (floor(${latitude} / ${CELL}) + 0.5) * ${CELL}))`;
  const lngStep = sql`(${CELL} / greatest(cos(radians(${centreLatitude})), 0.01::float8))`;
  const centreLongitude = sql`least(180::float8, greatest(-180::float8, (floor(${longitude} / ${lngStep}) + 0.5) * ${lngStep}))`;
  return { latitude: centreLatitude, longitude: centreLongitude };
}

const shownPoint = cellCentreSql(sql.raw('"latitude"'), sql.raw('"longitude"'));

export const categories = pgTable('categories', {
  id: id(),
  title: text('title').notNull().unique('categories_title_key'),
});

/**
 * Listings. Location is two doubles plus a GiST index on point(longitude, latitude): the radius search uses it as
 * a box pre-filter before the exact haversine check (docs/data.md, no extension needed).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    sellerId: userRef('seller_id'),
    // A category removed by an operator must not take its listings with it.
    categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Money is numeric, never float; mode 'number' is safe for 12 digits with 2 decimals. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /**
     * The point every answer shows to anyone but the seller (and a reserved buyer), kept with the exact one so the
     * radius search measures it without computing it per row.
     */
    shownLatitude: doublePrecision('shown_latitude').generatedAlwaysAs(shownPoint.latitude),
    shownLongitude: doublePrecision('shown_longitude').generatedAlwaysAs(shownPoint.longitude),
    /** "City, ST" from the gazetteer at write time, so lists never geocode per row. */
    locationText: text('location_text'),
    isSold: boolean('is_sold').notNull().default(false),
    soldAt: at('sold_at'),
    /**
     * The deal this sale recorded (docs/product.md §19), while the listing stays sold: the agreement that stands.
     * Null when it is available, or was sold to someone who never chatted about it. A plain id, as deals keep;
     * the listing's chats keep it when the listing is deleted.
     */
    saleDealId: bigint('sale_deal_id', { mode: 'number' }),
    /**
     * When the listing was last marked available again after a sale: what any buyer agreed before it ended with
     * that sale (docs/product.md §18), so an offer accepted before it agrees nothing any more.
     */
    relistedAt: at('relisted_at'),
    /** Set by moderation: hidden listings leave every public list but stay for their owner and staff. */
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
    views: integer('views').notNull().default(0),
    /**
     * Reserved by the seller for a buyer who chats about it, until reserved_until (docs/product.md §12). A past
     * reserved_until reads as no reservation before the lapse job clears it; a deleted buyer ends it.
     */
    reservedForId: bigint('reserved_for_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reservedUntil: at('reserved_until'),
    /**
     * The seller's lowest offer (docs/product.md §18): offers below it are declined at once. Never in an answer to
     * anyone but the seller.
     */
    minimumOffer: numeric('minimum_offer', { precision: 12, scale: 2, mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // Title words weigh more than description words should ranking ever be added; the feed orders by time.
    // `rummage` is the installation's language with accents dropped (migration 0024, search/language.ts).
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('rummage'::regconfig, "title"), 'A') || setweight(to_tsvector('rummage'::regconfig, "description"), 'B')`,
    ),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('products_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('products_sold_at_check', sql`${t.isSold} = (${t.soldAt} is not null)`),
    check('products_sale_deal_check', sql`${t.saleDealId} is null or ${t.isSold}`),
    index('products_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_seller_id_created_at_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('products_category_id_idx').on(t.categoryId),
    index('products_location_gist_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('products_search_gin_idx').using('gin', t.search),
    // Deleting an account sets its holds to null: found through this small index, not a scan of every listing.
    index('products_reserved_for_id_idx')
      .on(t.reservedForId)
      .where(sql`${t.reservedForId} is not null`),
  ],
);

/**
 * How many listings lie in each cell of a latitude/longitude grid (a quarter of a degree a side, set by
 * `listing_grid_scale` in migration 0011): the feed's estimate of how many rows a radius search's box holds, to
 * choose its plan (feed.statement.ts, `boxListings`). PostgreSQL's own estimate for a box is a fixed
 * share of the table. Kept exact by triggers on products (migration 0011); every listing counts, sold and hidden
 * ones and banned sellers' too, as the box's index reads them all (docs/decisions/0015-listing-grid.md). A cell
 * gets its row with its first listing; a count of 0 stays.
 */
export const listingGrid = pgTable(
  'listing_grid',
  {
    latCell: integer('lat_cell').notNull(),
    lngCell: integer('lng_cell').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [primaryKey({ name: 'listing_grid_pkey', columns: [t.latCell, t.lngCell] })],
);

/** A listing's photos in display order; the files live in the image store under these keys. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    largeKey: text('large_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    index('product_images_product_id_position_idx').on(t.productId, t.position),
    // Demo listings share image files; deleting a listing removes only files no other row still uses.
    index('product_images_large_key_idx').on(t.largeKey),
  ],
);

/** A listing's id in another table; the row goes with the listing. */
export const productRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/** One row per (user, listing): the primary key makes a double click unable to like twice. */
export const productLikes = pgTable(
  'product_likes',
  {
    userId: userRef('user_id'),
    productId: productRef('product_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'product_likes_pkey', columns: [t.userId, t.productId] }),
    index('product_likes_product_id_idx').on(t.productId),
  ],
);

export const REPORT_STATUSES = ['open', 'reviewed', 'dismissed'] as const;

export const productReports = pgTable(
  'product_reports',
  {
    id: id(),
    productId: productRef('product_id'),
    /** A person's report; null on the report Rummage files itself (reason "duplicatePhoto", docs/product.md §17). */
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * A duplicate photo's other listing: no foreign key, as a deleted listing's photos still count for 180 days
     * and the report keeps naming it.
     */
    relatedProductId: bigint('related_product_id', { mode: 'number' }),
    relatedUserId: bigint('related_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    unique('product_reports_product_id_reporter_id_key').on(t.productId, t.reporterId),
    index('product_reports_status_created_at_idx').on(t.status, t.createdAt),
    check('product_reports_status_check', sql`${t.status} in ('open', 'reviewed', 'dismissed')`),
    // One automatic report per pair of listings, however often the listing is edited.
    uniqueIndex('product_reports_automatic_key')
      .on(t.productId, t.relatedProductId)
      .where(sql`${t.reporterId} is null`),
    index('product_reports_related_user_id_idx')
      .on(t.relatedUserId)
      .where(sql`${t.relatedUserId} is not null`),
  ],
);

/**
 * The perceptual hashes of listing photos (services/images/photo-hash.ts), kept 180 days from the upload whatever
 * becomes of the listing or the photo: a seller who deletes a listing does not free its photos for a copy. No
 * foreign key to the listing for that reason; the seller's key goes with their account (their personal data).
 * `views` holds the whole picture's hash first, then its centred crops', as signed 64-bit integers.
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    sellerId: userRef('seller_id'),
    views: bigint('views', { mode: 'bigint' }).array().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('photo_hashes_created_at_idx').on(t.createdAt),
    index('photo_hashes_product_id_idx').on(t.productId),
    index('photo_hashes_seller_id_idx').on(t.sellerId),
  ],
);

/**
 * Who looked at a listing, and when they were last counted: a viewer counts once per hour. viewer_key is
 * "u:<user id>" or "v:<hash of IP and user agent>", never the raw IP.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: productRef('product_id'),
    viewerKey: text('viewer_key').notNull(),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'product_views_pkey', columns: [t.productId, t.viewerKey] })],
);

/**
 * Garage sales. The seller picks local wall-clock dates and times at the sale's place (docs/data.md): those are kept
 * as typed (start/end date and time) with the place's IANA zone, and the instants they mean (starts_at, ends_at)
 * are computed once at write time, so "has it started / ended?" is one comparison with now() everywhere.
 * Rows are deleted by the expiry job once ends_at has passed (jobs/garage-expiry.ts); every read also filters
 * on ends_at, so nothing depends on the job having run.
 */
export const garageSales = pgTable(
  'garage_sales',
  {
    id: id(),
    sellerId: userRef('seller_id'),
    /** The address text the seller chose (docs/product.md §3 "title"). */
    title: text('title').notNull(),
    /** "City, ST" from the gazetteer at write time. */
    locationText: text('location_text'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Chosen from the fixed GARAGE_ITEMS list, in the order the seller ticked them. */
    items: text('items').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    endTime: time('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('garage_sales_ends_after_starts_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('garage_sales_items_check', sql`cardinality(${t.items}) > 0`),
    check('garage_sales_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('garage_sales_longitude_check', sql`${t.longitude} between -180 and 180`),
    index('garage_sales_location_gist_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    // Lists read "not ended yet, soonest first"; the expiry job deletes by ends_at.
    index('garage_sales_starts_at_idx').on(t.startsAt),
    index('garage_sales_ends_at_idx').on(t.endsAt),
    index('garage_sales_seller_id_starts_at_idx').on(t.sellerId, t.startsAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductImageRow = typeof productImages.$inferSelect;
export type GarageSaleRow = typeof garageSales.$inferSelect;
