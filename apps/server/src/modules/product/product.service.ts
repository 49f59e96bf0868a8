import type { z } from 'zod';
import {
  fieldErrors,
  fillText,
  firstListingMessage,
  messages,
  productFormFieldsSchema,
  productUpdateFieldsSchema,
  type ProductCard,
  type ProductDetail,
} from '@rummage/contract';
import { hasBlocked } from '../user/block.repository.js';
import { refuseIfBlocked, refuseIfUnverified } from '../user/reach.js';
import { withTransaction, type Database } from '../../db/client.js';
import type { DurableEvents } from '../../events/durable.js';
import { HttpError } from '../../lib/http-error.js';
import type { ProcessedImage } from '../../services/images/index.js';
import { newImageId, newImageKey, type ImageStore } from '../../services/storage/index.js';
import type { AuthUser } from '../account/session.service.js';
import * as engagement from './engagement.repository.js';
import type { ListingForm } from './listing-form.js';
import { imagesOf, likeCountsOf } from './product.cards.js';
import { activeReservation, presentCards, toDetail, type ImageAddresses } from './product.presenter.js';
import * as reservations from './reservation.repository.js';
import * as repo from './product.repository.js';
import { recordListingPhotos } from './duplicate-photos.js';
import type { JobQueue } from '../../jobs/queue/queue.js';
import type { DealService } from '../deal/deal.service.js';
import { placeLabel, type ReverseGeocode } from '../../services/geo/place-label.js';

const L = messages.listing;

interface Log {
  warn(object: object, message: string): void;
}

export interface ProductServiceOptions {
  db: Database;
  store: ImageStore;
  /** The gazetteer's reverse(), for the "City, ST" of a point. */
  reverse: ReverseGeocode;
  maxImages: number;
  log: Log;
  /** Records a listing listed, sold or available again in the write's transaction (events/durable.ts). */
  durable: DurableEvents;
  /** REQUIRE_VERIFIED_EMAIL: listing an item needs a verified address. */
  requireVerifiedEmail?: boolean;
  /** Where a listing's photo check is enqueued, in the listing's own transaction (duplicate-photos.ts). */
  queue: Pick<JobQueue, 'enqueue'>;
  /** The deal a sale to someone records (docs/product.md §19). */
  deals: DealService;
}

export const notFound = () => new HttpError(404, L.notFound);

/**
 * A listing staff hid, met by `actorId` doing something with it: its seller is told why (its offers and holds live
 * in its chats, which are paused with it); anyone else learns no more than that it is not there.
 */
export const hiddenListing = (sellerId: number, actorId: number) =>
  sellerId === actorId ? new HttpError(403, messages.chat.listingHidden) : notFound();

/** Staff see hidden listings (to moderate them); everyone else only public ones, plus their own. */
export function canSee(
  row: { sellerId: number; hiddenAt: Date | null; sellerBannedAt: Date | null },
  viewer: AuthUser | null,
): boolean {
  if (row.hiddenAt === null && row.sellerBannedAt === null) return true;
  return viewer !== null && (viewer.id === row.sellerId || viewer.role !== 'user');
}

/**
 * One listing as its page shows it to `viewer` (404 when they may not see it). A function of its own so bench/feed's
 * floor answers GET /api/Product/{id} with the same statements and bytes.
 */
export async function listingDetail(
  db: Database,
  store: ImageAddresses,
  id: number,
  viewer: AuthUser | null,
): Promise<ProductDetail> {
  const row = await repo.findListing(db, id);
  if (!row || !canSee(row, viewer)) throw notFound();
  const [images, likes, liked, following] = await Promise.all([
    imagesOf(db, [id]),
    likeCountsOf(db, [id]),
    viewer ? engagement.isLiked(db, viewer.id, id) : false,
    viewer && viewer.id !== row.sellerId ? engagement.isFollowing(db, viewer.id, row.sellerId) : false,
  ]);
  const answer = toDetail(
    row,
    images.get(id) ?? [],
    likes.get(id) ?? 0,
    {
      description: row.description,
      thrifterSince: row.sellerSince,
      isLikedByCurrentUser: liked,
      isFollowedByCurrentUser: following,
      isOwner: viewer?.id === row.sellerId,
      viewerId: viewer?.id,
      minimumOffer: row.minimumOffer,
    },
    store,
  );
  // Only the seller and staff get this far for a hidden listing (canSee): they are told why.
  return row.hiddenAt ? { ...answer, hiddenReason: row.hiddenReason ?? '' } : answer;
}

/** Does an address from ImagesToDelete name this photo? Clients send what they were given: URL, path or key. */
function names(value: string, image: repo.StoredImage, store: ImageStore): boolean {
  const wanted = value.split(/[?#]/)[0] ?? '';
  const candidates = [store.url(image.largeKey), store.url(image.thumbKey), image.largeKey, image.thumbKey];
  return candidates.some((candidate) => {
    const tail = candidate.replace(/^\/+/, '');
    return wanted === candidate || wanted === tail || wanted.endsWith(`/${tail}`);
  });
}

export type ProductService = ReturnType<typeof createProductService>;

export function createProductService(options: ProductServiceOptions) {
  const { db, store, log, maxImages } = options;

  function locationText(latitude: number, longitude: number): string | null {
    return placeLabel(options.reverse, latitude, longitude);
  }

  /** Checks the form in the SPEC's order of complaints and answers the first, with every field's message. */
  function parseForm<S extends z.ZodType>(schema: S, form: ListingForm, requireImage: boolean): z.output<S> {
    const result = schema.safeParse(form.fields);
    const errors = result.success ? {} : fieldErrors(result.error);
    if (requireImage && form.images.length === 0) errors.Images = L.imageRequired;
    const first = firstListingMessage(Object.values(errors));
    if (first !== undefined || !result.success) {
      throw new HttpError(400, first ?? messages.common.invalidRequest, errors);
    }
    return result.data;
  }

  /** The seller's lowest offer must be below the price (docs/product.md §18), else no offer could ever be seen. */
  function checkMinimumOffer(minimumOffer: number | null | undefined, price: number): void {
    if (minimumOffer != null && minimumOffer >= price) {
      const message = messages.offers.minimumNotBelowPrice;
      throw new HttpError(400, message, { MinimumOffer: message });
    }
  }

  async function checkCategory(categoryId: number | undefined): Promise<void> {
    if (categoryId !== undefined && !(await repo.categoryExists(db, categoryId))) {
      throw new HttpError(400, L.categoryInvalid, { CategoryId: L.categoryInvalid });
    }
  }

  /** Deletes files, logging failures: a stray file is better than a failed request (a cleanup job can sweep). */
  async function removeFiles(keys: string[], options: { keepShared: boolean }): Promise<void> {
    const shared = options.keepShared ? await repo.keysInUse(db, keys) : new Set<string>();
    await Promise.all(
      keys
        .filter((key) => !shared.has(key))
        .map((key) =>
          store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'image not deleted')),
        ),
    );
  }

  const keysOf = (images: ReadonlyArray<repo.StoredImage>) =>
    images.flatMap((image) => [image.largeKey, image.thumbKey]);

  /** Writes both renditions of every photo; on any failure removes what was written and rethrows. */
  async function storeImages(images: ProcessedImage[]): Promise<repo.StoredImage[]> {
    const stored = images.map((image) => {
      const id = newImageId();
      return {
        largeKey: newImageKey('products', 'large', id),
        thumbKey: newImageKey('products', 'thumb', id),
        width: image.width,
        height: image.height,
      };
    });
    const writes = stored.flatMap((keys, index) => [
      store.put(keys.largeKey, images[index]!.large, 'image/webp'),
      store.put(keys.thumbKey, images[index]!.thumb, 'image/webp'),
    ]);
    const results = await Promise.allSettled(writes);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      await removeFiles(keysOf(stored), { keepShared: false });
      throw failed.reason;
    }
    return stored;
  }

  /** Inside a transaction: the listing locked, and the caller its seller (404 unknown, 403 someone else's). */
  async function lockOwned(tx: repo.Tx, id: number, user: AuthUser): Promise<void> {
    const row = await repo.lockListing(tx, id);
    if (!row) throw notFound();
    if (row.sellerId !== user.id) throw new HttpError(403, L.notOwner);
  }

  const detail = (id: number, viewer: AuthUser | null) => listingDetail(db, store, id, viewer);

  return {
    detail,

    async create(user: AuthUser, form: ListingForm): Promise<ProductDetail> {
      const fields = parseForm(productFormFieldsSchema, form, true);
      if (form.images.length > maxImages) {
        throw new HttpError(400, fillText(L.tooManyImages, { max: maxImages }));
      }
      checkMinimumOffer(fields.MinimumOffer, fields.Price);
      await checkCategory(fields.CategoryId);
      await refuseIfUnverified(db, user.id, options.requireVerifiedEmail ?? false);
      const stored = await storeImages(form.images);
      let id: number;
      try {
        id = await options.durable.transaction(async (tx, record) => {
          const productId = await repo.insertListing(tx, {
            sellerId: user.id,
            categoryId: fields.CategoryId ?? null,
            title: fields.Title,
            description: fields.Description,
            price: fields.Price,
            minimumOffer: fields.MinimumOffer ?? null,
            latitude: fields.Latitude,
            longitude: fields.Longitude,
            locationText: locationText(fields.Latitude, fields.Longitude),
          });
          await repo.insertImages(tx, productId, stored);
          await recordListingPhotos(tx, options.queue, {
            productId,
            sellerId: user.id,
            hashes: form.images.map((image) => image.hash),
          });
          await record('product.listed', { productId, sellerId: user.id, title: fields.Title });
          return productId;
        });
      } catch (error) {
        // No row points at these files now: a failed listing leaves nothing behind.
        await removeFiles(keysOf(stored), { keepShared: false });
        throw error;
      }
      return detail(id, user);
    },

    async update(user: AuthUser, form: ListingForm): Promise<ProductDetail> {
      const fields = parseForm(productUpdateFieldsSchema, form, false);
      const id = fields.ProductId;
      // Checked before any photo is stored, so a stranger's edit costs no writes (and again, locked, below).
      const current = await repo.findListing(db, id);
      if (!current) throw notFound();
      if (current.sellerId !== user.id) throw new HttpError(403, L.notOwner);
      // Left out of the form, the lowest offer stays; it must still be below a new price.
      const minimumOffer = fields.MinimumOffer === undefined ? current.minimumOffer : fields.MinimumOffer;
      checkMinimumOffer(minimumOffer, fields.Price);
      await checkCategory(fields.CategoryId);
      const stored = await storeImages(form.images);
      let removedKeys: string[] = [];
      try {
        removedKeys = await withTransaction(db, async (tx) => {
          await lockOwned(tx, id, user);
          const existing = await repo.listingImages(tx, id);
          const removed = existing.filter((image) =>
            fields.ImagesToDelete.some((value) => names(value, image, store)),
          );
          const kept = existing.filter((image) => !removed.includes(image));
          const total = kept.length + stored.length;
          if (total === 0) throw new HttpError(400, L.imageRequired, { Images: L.imageRequired });
          if (total > maxImages) throw new HttpError(400, fillText(L.tooManyImages, { max: maxImages }));
          await repo.deleteImages(
            tx,
            removed.map((image) => image.id),
          );
          // Kept photos keep their order; new ones follow in upload order.
          await repo.renumberImages(
            tx,
            id,
            kept.map((image) => image.id),
          );
          await repo.insertImages(tx, id, stored, kept.length);
          await recordListingPhotos(tx, options.queue, {
            productId: id,
            sellerId: user.id,
            hashes: form.images.map((image) => image.hash),
          });
          await repo.updateListing(tx, id, {
            categoryId: fields.CategoryId ?? current.categoryId,
            title: fields.Title,
            description: fields.Description,
            price: fields.Price,
            minimumOffer,
            latitude: fields.Latitude,
            longitude: fields.Longitude,
            locationText: locationText(fields.Latitude, fields.Longitude),
          });
          return keysOf(removed);
        });
      } catch (error) {
        await removeFiles(keysOf(stored), { keepShared: false });
        throw error;
      }
      // Only after the commit: had it failed, the listing would still show these photos.
      await removeFiles(removedKeys, { keepShared: true });
      return detail(id, user);
    },

    async remove(user: AuthUser, id: number): Promise<void> {
      const keys = await withTransaction(db, async (tx) => {
        await lockOwned(tx, id, user);
        const images = await repo.listingImages(tx, id);
        await repo.deleteListing(tx, id);
        return keysOf(images);
      });
      await removeFiles(keys, { keepShared: true });
    },

    /**
     * Marks the listing sold or available again. Sold to `buyerId` (someone who chatted about it), or when it is
     * left out to the buyer it is reserved for, it records a deal (docs/product.md §19), whose id it answers, except
     * while staff hide the listing; available again within the deal's rating window calls the deal off.
     */
    async changeSoldStatus(
      user: AuthUser,
      id: number,
      isSold: boolean,
      buyerId?: number | null,
    ): Promise<{ dealId: number | null }> {
      return options.durable.transaction(async (tx, record) => {
        await lockOwned(tx, id, user);
        const held = (await reservations.lockForReservation(tx, id))!;
        // While staff hide the listing its chats are paused, and a sale makes no deal (nobody is asked to rate):
        // naming a buyer is refused with the chats' words, and a hold's buyer is not sold to.
        const hidden = held.hiddenAt !== null;
        if (isSold && hidden && buyerId != null) throw hiddenListing(held.sellerId, user.id);
        if (
          isSold &&
          buyerId != null &&
          (buyerId === user.id || !(await reservations.buyerChatsAbout(tx, id, buyerId)))
        )
          throw new HttpError(400, messages.deals.buyerNoChat);
        if (!isSold) {
          const agreed = held.isSold ? await options.deals.undoSale({ tx, record }, id) : undefined;
          await repo.setSold(tx, id, false);
          await record('product.soldChanged', { productId: id, sellerId: user.id, isSold, ...agreed });
          return { dealId: null };
        }
        const ended = activeReservation(held);
        // Sold to someone who blocked the seller: no deal, so no request to rate reaches them. Named, it is
        // refused as a reservation is; left out (a client of the SPEC's call), the listing is sold to nobody named.
        if (buyerId != null) await refuseIfBlocked(tx, user.id, buyerId, messages.blocking.cannotSellTo);
        const holder =
          ended && !hidden && !(await hasBlocked(tx, ended.buyerId, user.id)) ? ended.buyerId : undefined;
        // An explicit null is "someone else": no deal, even with a buyer holding the listing.
        const buyer = buyerId === null ? undefined : (buyerId ?? holder);
        const deal =
          !held.isSold && buyer !== undefined
            ? await options.deals.recordSale(
                { tx, record },
                { productId: id, sellerId: user.id, buyerId: buyer },
              )
            : undefined;
        await repo.setSold(tx, id, true, deal?.id);
        await record('product.soldChanged', {
          productId: id,
          sellerId: user.id,
          isSold,
          ...(deal && { buyerId: deal.buyerId }),
        });
        // Sold ends any reservation (docs/product.md §12); its lapse job then finds nothing to clear.
        if (held.reservedForId !== null || held.reservedUntil !== null) {
          await reservations.setReservation(tx, id, null);
          if (ended)
            await record('product.reservationEnded', {
              productId: id,
              sellerId: user.id,
              buyerId: ended.buyerId,
              reason: 'sold',
              ...(deal && { soldToId: deal.buyerId }),
            });
        }
        return { dealId: deal?.id ?? null };
      });
    },

    /** A profile's "my store" (sold false) or "sold items" (sold true) tab. */
    async listBySeller(sellerId: number, sold: boolean, viewer: AuthUser | null): Promise<ProductCard[]> {
      if (!(await repo.userExists(db, sellerId))) throw new HttpError(404, messages.profile.userNotFound);
      const includeHidden = viewer !== null && (viewer.id === sellerId || viewer.role !== 'user');
      const rows = await repo.listBySeller(db, sellerId, { sold, includeHidden });
      return presentCards(db, rows, store, viewer?.id);
    },
  };
}
