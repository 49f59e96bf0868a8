import { joinGarageItems, type GarageSale } from '@rummage/contract';
import type { AuthUser } from '../account/session.service.js';
import type { GarageSaleReadRow } from './garage.repository.js';

/** PostgreSQL answers `time` as HH:mm:ss, but a fractional part would survive a hand-made row: cut it. */
const clock = (time: string) => time.slice(0, 8);

/** docs/product.md §3 garage sale read shape, plus the instants (eventDate, endsAt) and isLive. */
export function toGarageSale(
  row: GarageSaleReadRow,
  context: { now: Date; viewer: AuthUser | null; following: boolean },
): GarageSale {
  const now = context.now.getTime();
  return {
    id: row.id,
    userId: row.sellerId,
    userName: row.userName,
    userImageUrl: row.userImageUrl,
    thrifterSince: row.sellerSince.toISOString(),
    isFollowedByCurrentUser: context.following,
    isOwner: context.viewer?.id === row.sellerId,
    title: row.title,
    location: row.locationText,
    latitude: row.latitude,
    longitude: row.longitude,
    startDate: row.startDate,
    startTime: clock(row.startTime),
    endDate: row.endDate,
    endTime: clock(row.endTime),
    timeZone: row.timeZone,
    eventDate: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    items: joinGarageItems(row.items),
    itemsToExpect: [...row.items],
    isLive: row.startsAt.getTime() <= now && now < row.endsAt.getTime(),
  };
}
