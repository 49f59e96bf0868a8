import dayjs from 'dayjs';
import { messages } from '@rummage/contract';
import type { ChosenLocation } from '../location/LocationField';
import type { Time24 } from './TimeSelect';

export interface GarageValues {
  location: ChosenLocation | null;
  startDate: string;
  endDate: string;
  startTime: Time24;
  endTime: Time24;
  items: string[];
}

/** SPEC §9: the time pickers start at noon. */
export const NOON: Time24 = '12:00';

/** Today as yyyy-MM-dd, the earliest date the pickers allow (SPEC §5). */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** SPEC §5 "Garage form": everything required, and the end not before the start. */
export function validateGarage(values: GarageValues): string | null {
  const { location, startDate, endDate, startTime, endTime, items } = values;
  if (!location?.address.trim() || !startDate || !endDate || !startTime || !endTime || items.length === 0) {
    return messages.common.fillFieldsProperly;
  }
  if (endDate < startDate) return messages.garage.endBeforeStart;
  if (endDate === startDate && endTime <= startTime) return messages.garage.endBeforeStart;
  return null;
}

/** The SPEC §3 create payload: dates yyyy-MM-dd, times 24-hour HH:mm:ss, items joined by ", ". */
export function toGaragePayload(values: GarageValues) {
  return {
    title: values.location?.address ?? '',
    latitude: values.location?.latitude ?? 0,
    longitude: values.location?.longitude ?? 0,
    items: values.items.join(', '),
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: `${values.startTime}:00`,
    endTime: `${values.endTime}:00`,
  };
}
