import { inArray, sql } from 'drizzle-orm';
import { IMAGE_CONCURRENCY } from '../services/images/index.js';
import { newImageId, newImageKey, type ImageStore } from '../services/storage/index.js';
import { createLimiter } from '../services/images/limiter.js';
import { hashPassword } from '../lib/passwords.js';
import { withTransaction, type Database } from './client.js';
import { demoCatalog, demoSellers, type DemoCity } from './seed-catalog.js';
import { demoCities, US_DEMO, type DemoLocale } from './seed-places.js';
import { renderDemoPhoto } from './seed-images.js';
import { categories, productImages, productLikes, products, users } from './schema.js';
import { placeLabel, type ReverseGeocode } from '../services/geo/place-label.js';

/** What seeding listings needs beyond the database: somewhere to put photos and a way to name places. */
export interface DemoListingDeps {
  store: ImageStore;
  reverse: ReverseGeocode;
}

export interface DemoListingOptions {
  count?: number;
  now?: Date;
  /** PRNG seed: the same seed gives the same listings (handy when comparing screenshots). */
  seed?: number;
  /** The installation's language and country: the demo's texts and places (db/seed-places.ts). US English else. */
  locale?: DemoLocale;
}

export const DEMO_LISTING_COUNT = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Items whose index in their category is below this get a second photo. */
const SECOND_PHOTO_BELOW = 3;

/** mulberry32: tiny, fast and good enough to scatter demo data reproducibly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function pickCity(random: () => number, cities: readonly DemoCity[]): DemoCity {
  const total = cities.reduce((sum, city) => sum + city.weight, 0);
  let left = random() * total;
  for (const city of cities) {
    left -= city.weight;
    if (left < 0) return city;
  }
  return cities[0]!;
}

/** Prices people actually ask: whole dollars when small, steps of 5 or 10 above. */
function roundPrice(random: () => number, [min, max]: [number, number]): number {
  const raw = min + random() * (max - min);
  const step = raw < 30 ? 1 : raw < 200 ? 5 : 10;
  return Math.max(min, Math.round(raw / step) * step);
}

/** A point uniformly spread within `miles` of the centre (sqrt keeps the disk evenly filled). */
function scatter(
  random: () => number,
  city: DemoCity,
  miles: number,
): { latitude: number; longitude: number } {
  const distance = miles * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const latitude = city.latitude + (distance * Math.cos(bearing)) / 69.0;
  const longitude =
    city.longitude + (distance * Math.sin(bearing)) / (69.17 * Math.cos((city.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(5)), longitude: Number(longitude.toFixed(5)) };
}

/** The local sellers exist as accounts nobody can sign in to: one random password, hashed once, never shown. */
async function ensureSellers(
  db: Database,
  now: Date,
  random: () => number,
  cities: readonly DemoCity[],
): Promise<Map<string, number>> {
  const passwordHash = await hashPassword(`${newImageId()}${newImageId()}`);
  const cityOf = new Map(cities.map((city) => [city.label, city]));
  await db
    .insert(users)
    .values(
      demoSellers(cities).map(({ username, city }) => {
        const place = cityOf.get(city)!;
        return {
          username,
          email: `${username}@rummage.local`,
          passwordHash,
          address: city,
          latitude: place.latitude,
          longitude: place.longitude,
          termsAcceptedAt: now,
          // "Thrifter since" reads better when the neighbourhood sellers have been around a while.
          createdAt: new Date(now.getTime() - (200 + Math.floor(random() * 900)) * DAY_MS),
        };
      }),
    )
    .onConflictDoNothing();
  const names = cities.flatMap((city) => city.sellers);
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  return new Map(rows.map((row) => [row.username, row.id]));
}

interface PhotoRef {
  category: string;
  index: number;
  variant: number;
}
const photoId = (photo: PhotoRef) => `${photo.category}/${photo.index}/${photo.variant}`;

/**
 * A few hundred listings around the demo users' cities and a few more, with generated photos. Runs on a fresh
 * installation only (db/seed.ts calls it right after creating the demo users) and does nothing once any listing
 * exists. Each distinct photo is drawn and stored once and shared by every listing of that item; deleting a
 * listing removes only files no other listing uses.
 */
export async function seedDemoListings(
  db: Database,
  deps: DemoListingDeps,
  options: DemoListingOptions = {},
): Promise<{ listings: number; photos: number }> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if (Number(existing?.n ?? 0) > 0) return { listings: 0, photos: 0 };
  const now = options.now ?? new Date();
  const random = prng(options.seed ?? 20261121);
  const locale = options.locale ?? US_DEMO;
  const cities = demoCities(locale);
  const {
    catalog: CATALOG,
    titleDetails: TITLE_DETAILS,
    descriptionEndings: DESCRIPTION_ENDINGS,
  } = demoCatalog(locale.language);
  const sellers = await ensureSellers(db, now, random, cities);
  const categoryRows = await db.select({ id: categories.id, title: categories.title }).from(categories);
  const categoryIds = new Map(categoryRows.map((row) => [row.title, row.id]));
  const categoryNames = Object.keys(CATALOG).filter((name) => categoryIds.has(name));

  const listedBefore = new Map<string, number>();
  const plans = Array.from({ length: options.count ?? DEMO_LISTING_COUNT }, () => {
    const city = pickCity(random, cities);
    const sellerNames = city.sellers.filter((name) => sellers.has(name));
    const category = pick(random, categoryNames);
    const items = CATALOG[category]!;
    const index = Math.floor(random() * items.length);
    const item = items[index]!;
    const createdAt = new Date(now.getTime() - Math.floor(random() * 60 * DAY_MS));
    const sold = random() < 0.15;
    const photos: PhotoRef[] = [{ category, index, variant: 0 }];
    if (index < SECOND_PHOTO_BELOW) photos.push({ category, index, variant: 1 });
    const ending = pick(random, DESCRIPTION_ENDINGS);
    const repeat = listedBefore.get(item.title) ?? 0;
    listedBefore.set(item.title, repeat + 1);
    return {
      sellerId: sellers.get(pick(random, sellerNames.length > 0 ? sellerNames : ['demo'])),
      categoryId: categoryIds.get(category)!,
      title:
        repeat === 0 ? item.title : `${item.title} ${TITLE_DETAILS[(repeat - 1) % TITLE_DETAILS.length]}`,
      description: ending ? `${item.description} ${ending}` : item.description,
      price: roundPrice(random, item.price),
      ...scatter(random, city, 15),
      createdAt,
      sold,
      soldAt: sold ? new Date(Math.min(now.getTime(), createdAt.getTime() + random() * 10 * DAY_MS)) : null,
      views: Math.floor(random() * (5 + ((now.getTime() - createdAt.getTime()) / DAY_MS) * 4)),
      photos,
    };
  });
  // A seller missing (renamed demo account) just means fewer listings, never a failed start.
  const usable = plans.flatMap((plan) =>
    plan.sellerId === undefined ? [] : [{ ...plan, sellerId: plan.sellerId }],
  );
  usable.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()); // ids then follow time, as in real use

  // Draw each distinct photo once, at most one per core at a time, and store both renditions.
  const distinct = new Map<string, PhotoRef>();
  for (const plan of usable) for (const photo of plan.photos) distinct.set(photoId(photo), photo);
  const limiter = createLimiter(IMAGE_CONCURRENCY);
  const written: string[] = [];
  const stored = new Map<string, { largeKey: string; thumbKey: string; width: number; height: number }>();
  try {
    await Promise.all(
      [...distinct].map(([id, photo]) =>
        limiter.run(async () => {
          const item = CATALOG[photo.category]![photo.index]!;
          const rendered = await renderDemoPhoto(photo.category, item.title, photo.variant);
          const imageId = newImageId();
          const largeKey = newImageKey('products', 'large', imageId);
          const thumbKey = newImageKey('products', 'thumb', imageId);
          await deps.store.put(largeKey, rendered.large, 'image/webp');
          written.push(largeKey);
          await deps.store.put(thumbKey, rendered.thumb, 'image/webp');
          written.push(thumbKey);
          stored.set(id, { largeKey, thumbKey, width: rendered.width, height: rendered.height });
        }),
      ),
    );
    await withTransaction(db, async (tx) => {
      const ids = await tx
        .insert(products)
        .values(
          usable.map((plan) => {
            return {
              sellerId: plan.sellerId,
              categoryId: plan.categoryId,
              title: plan.title,
              description: plan.description,
              price: plan.price,
              latitude: plan.latitude,
              longitude: plan.longitude,
              locationText: placeLabel(deps.reverse, plan.latitude, plan.longitude),
              isSold: plan.sold,
              soldAt: plan.soldAt,
              views: plan.views,
              createdAt: plan.createdAt,
              updatedAt: plan.soldAt ?? plan.createdAt,
            };
          }),
        )
        .returning({ id: products.id });
      const images = usable.flatMap((plan, row) =>
        plan.photos.map((photo, position) => ({
          productId: ids[row]!.id,
          position,
          ...stored.get(photoId(photo))!,
        })),
      );
      await tx.insert(productImages).values(images);
      const sellerIds = [...sellers.values()];
      const likes = usable.flatMap((plan, row) =>
        random() < 0.4
          ? sellerIds
              .filter((id) => id !== plan.sellerId && random() < 0.3)
              .map((userId) => ({ userId, productId: ids[row]!.id, createdAt: plan.createdAt }))
          : [],
      );
      if (likes.length > 0) await tx.insert(productLikes).values(likes).onConflictDoNothing();
    });
  } catch (error) {
    await Promise.all(written.map((key) => deps.store.delete(key).catch(() => undefined)));
    throw error;
  }
  return { listings: usable.length, photos: distinct.size };
}
