import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { GarageItem, GarageSaleCreateRequest } from '@rummage/contract';
import { insertGarageSale } from '../modules/garage/garage.repository.js';
import { instantToLocal, timeZoneAt } from '../lib/local-time.js';

const HOUR_MS = 60 * 60 * 1000;

export const PLACES = {
  chicago: { latitude: 41.8781, longitude: -87.6298, title: 'Chicago, IL' },
  evanston: { latitude: 42.0451, longitude: -87.6877, title: 'Evanston, IL' },
  milwaukee: { latitude: 43.0389, longitude: -87.9065, title: 'Milwaukee, WI' },
  losAngeles: { latitude: 34.05, longitude: -118.24, title: 'Los Angeles, CA' },
  newYork: { latitude: 40.7128, longitude: -74.006, title: 'New York, NY' },
} as const;

/** yyyy-MM-dd `days` from today at the place of `zone`. */
export function dayFromToday(days: number, zone = 'America/Chicago'): string {
  return DateTime.now().setZone(zone).plus({ days }).toFormat('yyyy-MM-dd');
}

/** A valid create payload (docs/product.md §3): tomorrow noon to 4 pm in Chicago, unless overridden. */
export function garagePayload(overrides: Partial<Record<keyof GarageSaleCreateRequest, unknown>> = {}) {
  const day = dayFromToday(1);
  return {
    title: PLACES.chicago.title,
    latitude: PLACES.chicago.latitude,
    longitude: PLACES.chicago.longitude,
    items: 'Furniture, Toys',
    startDate: day,
    endDate: day,
    startTime: '12:00:00',
    endTime: '16:00:00',
    ...overrides,
  };
}

export interface GarageRowFields {
  title: string;
  latitude: number;
  longitude: number;
  items: GarageItem[];
  /** The start as an instant; local values are derived in the place's zone. Default: in one hour. */
  startsAt: Date;
  /** Default: four hours after the start. */
  endsAt: Date;
}

/**
 * A garage-sale row straight through the repository, with any times (past ones included, which the API
 * refuses): how tests make sales that are live, ending soon or already ended. Answers its id.
 */
export async function createGarageSale(
  app: FastifyInstance,
  sellerId: number,
  fields: Partial<GarageRowFields> = {},
): Promise<number> {
  const latitude = fields.latitude ?? PLACES.chicago.latitude;
  const longitude = fields.longitude ?? PLACES.chicago.longitude;
  const timeZone = timeZoneAt(latitude, longitude);
  const startsAt = fields.startsAt ?? new Date(Date.now() + HOUR_MS);
  const endsAt = fields.endsAt ?? new Date(startsAt.getTime() + 4 * HOUR_MS);
  const start = instantToLocal(startsAt, timeZone);
  const end = instantToLocal(endsAt, timeZone);
  return insertGarageSale(app.parts.storage.database.db, {
    sellerId,
    title: fields.title ?? 'Test sale, Chicago, IL',
    locationText: 'Chicago, IL',
    latitude,
    longitude,
    items: fields.items ?? ['Books'],
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone,
    startsAt,
    endsAt,
  });
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
