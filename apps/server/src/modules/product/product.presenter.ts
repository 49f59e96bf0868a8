import { approximatePoint, type ProductCard, type ProductDetail } from '@rummage/contract';
import type { CardRow, Db, ImageKeys, PhotoKeys } from './product.cards.js';
import { imagesOf, likeCountsOf } from './product.cards.js';

/** What answers need from the image store: the public address of a stored key. */
export interface ImageAddresses {
  url(key: string): string;
}

/** Money travels as a number with at most two decimals (numeric(12,2) in the database). */
const money = (value: number | string) => Math.round(Number(value) * 100) / 100;

/** What a card is made of: a listing row as `selectCards` or the feed's statement answers it. */
export type CardFields = Pick<
  CardRow,
  | 'id'
  | 'title'
  | 'price'
  | 'views'
  | 'createdAt'
  | 'locationText'
  | 'latitude'
  | 'longitude'
  | 'sellerId'
  | 'userName'
  | 'userImageUrl'
  | 'isSold'
  | 'categoryId'
  | 'categoryTitle'
  | 'reservedForId'
  | 'reservedUntil'
>;

/**
 * The seller's hold as answers show it: an end in the past reads as none, so a lapse the job has not cleared yet
 * never shows (docs/product.md §12).
 */
export function activeReservation(
  row: Pick<CardFields, 'reservedForId' | 'reservedUntil'>,
  now: Date = new Date(),
): { buyerId: number; until: Date } | null {
  if (row.reservedForId === null || row.reservedUntil === null || row.reservedUntil <= now) return null;
  return { buyerId: row.reservedForId, until: row.reservedUntil };
}

export function toCard(
  row: CardFields,
  images: readonly PhotoKeys[],
  likesCount: number,
  store: ImageAddresses,
  viewerId?: number,
): ProductCard {
  const first = images[0];
  const hold = activeReservation(row);
  // Private pickup spots (docs/security.md): cards go to everyone, so they carry only the ~500 m cell's centre.
  const area = approximatePoint(row.latitude, row.longitude);
  const thumb = first ? store.url(first.thumbKey) : null;
  return {
    id: row.id,
    productId: row.id,
    title: row.title,
    name: row.title,
    price: money(row.price),
    mainImage: thumb,
    image: thumb,
    images: images.map((image) => store.url(image.largeKey)),
    views: row.views,
    likesCount,
    posted: row.createdAt.toISOString(),
    location: row.locationText,
    latitude: area.latitude,
    longitude: area.longitude,
    userId: row.sellerId,
    sellerId: row.sellerId,
    userName: row.userName,
    userImageUrl: row.userImageUrl,
    isSold: row.isSold,
    categoryId: row.categoryId,
    categoryTitle: row.categoryTitle,
    reservedUntil: hold?.until.toISOString() ?? null,
    isReservedForCurrentUser: hold !== null && viewerId !== undefined && hold.buyerId === viewerId,
  };
}

/** Cards for a page of rows, with two batched queries for photos and likes (never one per row). */
export async function presentCards(
  db: Db,
  rows: CardRow[],
  store: ImageAddresses,
  viewerId?: number,
): Promise<ProductCard[]> {
  const ids = rows.map((row) => row.id);
  const [images, likes] = await Promise.all([imagesOf(db, ids), likeCountsOf(db, ids)]);
  return rows.map((row) => toCard(row, images.get(row.id) ?? [], likes.get(row.id) ?? 0, store, viewerId));
}

export interface DetailExtras {
  description: string;
  thrifterSince: Date;
  isLikedByCurrentUser: boolean;
  isFollowedByCurrentUser: boolean;
  isOwner: boolean;
  viewerId?: number;
  /** The seller's lowest offer (docs/product.md §18): answered to the seller alone. */
  minimumOffer?: number | null;
}

export function toDetail(
  row: CardRow,
  images: readonly ImageKeys[],
  likesCount: number,
  extras: DetailExtras,
  store: ImageAddresses,
): ProductDetail {
  const card = toCard(row, images, likesCount, store, extras.viewerId);
  const large = card.images[0] ?? null;
  // Fields in productDetailSchema's order: JSON.stringify of this object is then the very bytes the route's schema
  // serializer sends, which bench/feed's floor relies on (floor.test.ts).
  return {
    ...card,
    // Only the seller and the buyer it is reserved for get the exact spot; everyone else keeps the approximate point.
    ...(extras.isOwner || card.isReservedForCurrentUser
      ? { latitude: row.latitude, longitude: row.longitude }
      : {}),
    mainImage: large,
    image: large,
    description: extras.description,
    thumbnails: images.map((image) => store.url(image.thumbKey)),
    isLikedByCurrentUser: extras.isLikedByCurrentUser,
    isFollowedByCurrentUser: extras.isFollowedByCurrentUser,
    thrifterSince: extras.thrifterSince.toISOString(),
    isOwner: extras.isOwner,
    ...(extras.isOwner
      ? { minimumOffer: extras.minimumOffer == null ? null : money(extras.minimumOffer) }
      : {}),
  };
}
