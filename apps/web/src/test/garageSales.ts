import type { GarageSale } from '@rummage/contract';

/** A garage sale as the API answers it; `overrides` change single fields. */
export function garageSale(id: number, overrides: Partial<GarageSale> = {}): GarageSale {
  return {
    id,
    userId: 5,
    userName: 'windycitythrift',
    userImageUrl: null,
    thrifterSince: '2024-08-21T12:00:00.000Z',
    isFollowedByCurrentUser: false,
    isOwner: false,
    title: `${id} N Milwaukee Ave, Chicago, IL`,
    location: 'Chicago, IL',
    latitude: 41.92,
    longitude: -87.7,
    startDate: '2026-11-28',
    startTime: '09:00:00',
    endDate: '2026-11-28',
    endTime: '14:00:00',
    timeZone: 'America/Chicago',
    eventDate: '2026-11-28T15:00:00.000Z',
    endsAt: '2026-11-28T20:00:00.000Z',
    items: 'Furniture, Books',
    itemsToExpect: ['Furniture', 'Books'],
    isLive: false,
    ...overrides,
  };
}
