import {
  DEFAULT_RADIUS_MILES,
  GARAGE_LIMITS,
  messages,
  MILES_TO_KM,
  type GarageSale,
  type ParsedGarageSaleCreate,
} from '@rummage/contract';
import { withTransaction, type Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import type { Circle } from '../marketplace/radius.js';
import { canSee } from '../product/product.service.js';
import type { Db } from '../product/product.cards.js';
import * as repo from './garage.repository.js';
import { instantToLocal, localToInstant, timeZoneAt } from '../../lib/local-time.js';
import { toGarageSale } from './garage.presenter.js';
import { placeLabel, type ReverseGeocode } from '../../services/geo/place-label.js';

const G = messages.garage;

export const garageNotFound = () => new HttpError(404, G.notFound);

export interface GarageServiceOptions {
  db: Database;
  /** The gazetteer's reverse(), for the "City, ST" of a point. */
  reverse: ReverseGeocode;
  /** The clock that decides "in the past" and isLive; tests may pin it. */
  now?: () => Date;
}

/** What DELETE did: removed the host's sale, or found nothing current to remove (already ended or gone). */
export type RemoveOutcome = 'deleted' | 'gone';

export type GarageService = ReturnType<typeof createGarageService>;

export function createGarageService(options: GarageServiceOptions) {
  const { db } = options;
  const clock = options.now ?? (() => new Date());

  function locationText(latitude: number, longitude: number): string | null {
    return placeLabel(options.reverse, latitude, longitude);
  }

  /** Presents rows for one viewer, with one query for the follow state of all hosts. */
  async function present(tx: Db, rows: repo.GarageSaleReadRow[], viewer: AuthUser | null) {
    const hosts = [...new Set(rows.map((row) => row.sellerId))].filter((id) => id !== viewer?.id);
    const followed = viewer ? await repo.followedAmong(tx, viewer.id, hosts) : new Set<number>();
    const now = clock();
    return rows.map((row) => toGarageSale(row, { now, viewer, following: followed.has(row.sellerId) }));
  }

  /** Staff, and the host themself, see sales of a suspended host; nobody else does (404 as if gone). */
  const visible = (row: repo.GarageSaleReadRow, viewer: AuthUser | null) =>
    canSee({ sellerId: row.sellerId, hiddenAt: null, sellerBannedAt: row.sellerBannedAt }, viewer);

  return {
    /**
     * Creates a sale from the parsed payload (garageSaleCreateSchema). The zone comes from the coordinates;
     * the wall-clock start and end become instants there (local-time.ts decides DST gaps and overlaps).
     */
    async create(user: AuthUser, input: ParsedGarageSaleCreate): Promise<GarageSale> {
      const timeZone = timeZoneAt(input.latitude, input.longitude);
      const start = localToInstant(input.startDate, input.startTime, timeZone);
      const end = localToInstant(input.endDate, input.endTime, timeZone);
      // The wall-clock order was checked already; a DST gap can still put the end first (02:30–03:00 on a
      // spring-forward night is 03:30–03:00 in real time).
      if (end.at <= start.at) throw new HttpError(400, G.endBeforeStart, { endTime: G.endBeforeStart });
      // docs/product.md §5 bars days before today, as the sale's own clock counts them. A start earlier today is a sale
      // announced while it runs (8 AM to 4 PM, posted at 10): it goes live at once.
      const now = clock();
      if (input.startDate < instantToLocal(now, timeZone).date) {
        throw new HttpError(400, G.startInPast, { startDate: G.startInPast });
      }
      // Over before anyone could come: it would only be listed to be removed.
      if (end.at.getTime() <= now.getTime()) throw new HttpError(400, G.endInPast, { endTime: G.endInPast });
      return withTransaction(db, async (tx) => {
        const id = await repo.insertGarageSale(tx, {
          sellerId: user.id,
          title: input.title,
          locationText: locationText(input.latitude, input.longitude),
          latitude: input.latitude,
          longitude: input.longitude,
          items: input.items,
          // What the clock really shows at each instant (differs from the input only inside a DST gap).
          startDate: start.date,
          startTime: start.time,
          endDate: end.date,
          endTime: end.time,
          timeZone,
          startsAt: start.at,
          endsAt: end.at,
        });
        const row = await repo.findCurrentSale(tx, id);
        if (!row) throw new Error(`garage sale ${id} not found right after insert`);
        const [sale] = await present(tx, [row], user);
        return sale!;
      });
    },

    /** One sale that has not ended: 404 when unknown, ended, or its host is suspended. */
    async detail(id: number, viewer: AuthUser | null): Promise<GarageSale> {
      const row = await repo.findCurrentSale(db, id);
      if (!row || !visible(row, viewer)) throw garageNotFound();
      const [sale] = await present(db, [row], viewer);
      return sale!;
    },

    /** The marketplace strip: upcoming and live sales, near the location when one is given, soonest first. */
    async listNear(
      query: { latitude?: number; longitude?: number; radiusKm?: number },
      viewer: AuthUser | null,
    ): Promise<GarageSale[]> {
      const circle: Circle | undefined =
        query.latitude !== undefined && query.longitude !== undefined
          ? {
              latitude: query.latitude,
              longitude: query.longitude,
              radiusKm: query.radiusKm ?? DEFAULT_RADIUS_MILES * MILES_TO_KM,
            }
          : undefined;
      const rows = await repo.listCurrentSales(db, { circle, limit: GARAGE_LIMITS.listMax });
      return present(db, rows, viewer);
    },

    /** A host's sales not yet ended, soonest first (profile pages). */
    async listByHost(sellerId: number, viewer: AuthUser | null): Promise<GarageSale[]> {
      if (!(await repo.userExists(db, sellerId))) throw new HttpError(404, messages.profile.userNotFound);
      const includeBanned = viewer !== null && (viewer.id === sellerId || viewer.role !== 'user');
      const rows = await repo.listCurrentSales(db, {
        sellerId,
        includeBanned,
        limit: GARAGE_LIMITS.listMax,
      });
      return present(db, rows, viewer);
    },

    /**
     * The host deletes their sale (ended or not). For anyone else, a sale that has already ended or does not
     * exist is a harmless no-op: the SPEC's client sends such deletes when a countdown passes the end, from
     * whichever browser shows it. A current sale of someone else is 401 for visitors and 403 for other users.
     */
    async remove(viewer: AuthUser | null, id: number): Promise<RemoveOutcome> {
      return withTransaction(db, async (tx) => {
        const row = await repo.lockSale(tx, id);
        if (!row) return 'gone';
        if (viewer !== null && viewer.id === row.sellerId) {
          await repo.deleteSale(tx, id);
          return 'deleted';
        }
        if (row.ended) return 'gone';
        if (viewer === null) throw new HttpError(401, messages.common.loginRequired);
        throw new HttpError(403, G.notOwner);
      });
    },
  };
}
