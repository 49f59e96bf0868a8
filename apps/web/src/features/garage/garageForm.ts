import dayjs from 'dayjs';
import {
  garageFormProblems,
  joinGarageItems,
  messages,
  startsBeforeToday,
  type Catalogue,
  type GarageSaleCreateRequest,
} from '@rummage/contract';
import type { ChosenLocation } from '../location';
import type { Time24 } from './TimeSelect';

export interface GarageValues {
  location: ChosenLocation | null;
  startDate: string;
  endDate: string;
  startTime: Time24;
  endTime: Time24;
  items: string[];
}

export type GarageField = 'location' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'items';

/** docs/product.md §9: the time pickers start at noon. */
export const NOON: Time24 = '12:00';

/** Today as yyyy-MM-dd, the earliest date the pickers allow (docs/product.md §5). */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * docs/product.md §5 "Garage form", by the contract's rules: everything required, else 'Please fill all the fields
 * properly.'; then the end not before the start; then no start day before today by this browser's calendar.
 * (The server judges the day, and whether the end has passed, by the sale's own clock and names the field.)
 * Answers the first message, in the language of `texts`, and the fields it is about, or null when the form may be
 * sent.
 */
export function validateGarage(
  values: GarageValues,
  texts: Catalogue,
  todayDate: string = today(),
): { message: string; fields: GarageField[] } | null {
  const problems = garageFormProblems({
    title: values.location?.address ?? '',
    latitude: values.location?.latitude ?? null,
    longitude: values.location?.longitude ?? null,
    items: values.items,
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: values.startTime,
    endTime: values.endTime,
  });
  const first = problems[0];
  if (!first) {
    // A typed date can lie in the past, where the calendar would not let it (docs/product.md §5).
    return startsBeforeToday(values.startDate, todayDate)
      ? { message: texts.garage.startInPast, fields: ['startDate'] }
      : null;
  }
  const fields = new Set<GarageField>();
  for (const problem of problems) {
    if (problem.message !== first.message) continue;
    fields.add(formField(problem.field));
  }
  if (first.message === messages.garage.endBeforeStart) {
    // An earlier day is the end date's fault; on the same day it is the end time's.
    return {
      message: texts.garage.endBeforeStart,
      fields: [values.endDate < values.startDate ? 'endDate' : 'endTime'],
    };
  }
  return { message: inLanguage(first.message, texts), fields: [...fields] };
}

/** The garage texts the contract's form rules complain with, besides 'Please fill all the fields properly.'. */
const RULE_TEXTS = ['itemsInvalid', 'titleTooLong', 'endBeforeStart', 'startInPast', 'endInPast'] as const;

/** A complaint of the contract's rules (an English text of `messages`) in the language of `texts`. */
function inLanguage(message: string, texts: Catalogue): string {
  if (message === messages.common.fillFieldsProperly) return texts.common.fillFieldsProperly;
  const key = RULE_TEXTS.find((name) => messages.garage[name] === message);
  return key ? texts.garage[key] : message;
}

/** The docs/product.md §3 create payload: dates yyyy-MM-dd, times 24-hour HH:mm:ss, items joined by ", ". */
export function toGaragePayload(values: GarageValues): GarageSaleCreateRequest {
  return {
    title: values.location?.address ?? '',
    latitude: values.location?.latitude ?? 0,
    longitude: values.location?.longitude ?? 0,
    items: joinGarageItems(values.items),
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: `${values.startTime}:00`,
    endTime: `${values.endTime}:00`,
  };
}

const PAYLOAD_KEYS = [
  'title',
  'latitude',
  'longitude',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'items',
];

/** The form field of a payload key: the address, its coordinates and its text, is one field. */
function formField(key: keyof GarageSaleCreateRequest): GarageField {
  return key === 'title' || key === 'latitude' || key === 'longitude' ? 'location' : key;
}

/** The form fields a server refusal names (its `errors` keys are the payload's). */
export function serverFields(fieldErrors: Record<string, string>): GarageField[] {
  const keys = Object.keys(fieldErrors).filter((key): key is keyof GarageSaleCreateRequest =>
    PAYLOAD_KEYS.includes(key),
  );
  return [...new Set(keys.map(formField))];
}
