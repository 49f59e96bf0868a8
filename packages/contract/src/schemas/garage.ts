import { z } from 'zod';
import { messages } from '../messages.js';

const G = messages.garage;
const FILL = messages.common.fillFieldsProperly;

/** The fixed checklist "items buyers can expect" (docs/product.md §2 keeps its contents open; these are everyday ones). */
export const GARAGE_ITEMS = [
  'Furniture',
  'Clothing',
  'Toys',
  'Books',
  'Kitchenware',
  'Tools',
  'Electronics',
  'Antiques',
  'Art',
  'Jewelry',
  'Sports gear',
  'Baby items',
  'Garden',
  'Collectibles',
  'Appliances',
] as const;
export type GarageItem = (typeof GARAGE_ITEMS)[number];

export const GARAGE_LIMITS = {
  /** The chosen address text. */
  titleMax: 200,
  /** Sales one list answers at most (marketplace strip, a host's profile). */
  listMax: 50,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Pure rules, shared by the browser form and the server (docs/product.md §5 "Garage form")

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one). */
export function isGarageDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** 24-hour `HH:mm` or `HH:mm:ss` → `HH:mm:ss`; undefined for anything else. */
export function normalizeGarageTime(text: string): string | undefined {
  const match = TIME_PATTERN.exec(text.trim());
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : undefined;
}

/**
 * The chosen items from the SPEC's "A, B" text (or a list): trimmed, blanks and repeats dropped, names matched
 * without regard to case and answered as GARAGE_ITEMS spells them. Names not on the list come back in `unknown`.
 */
export function parseGarageItems(value: string | readonly string[]): {
  items: GarageItem[];
  unknown: string[];
} {
  const names = (typeof value === 'string' ? value.split(',') : value).map((name) => name.trim());
  const items: GarageItem[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    if (name === '') continue;
    const known = GARAGE_ITEMS.find((item) => item.toLowerCase() === name.toLowerCase());
    if (!known) unknown.push(name);
    else if (!items.includes(known)) items.push(known);
  }
  return { items, unknown };
}

/** docs/product.md §3: the create payload joins the chosen items with a comma and a space. */
export function joinGarageItems(items: readonly string[]): string {
  return items.join(', ');
}

export interface GarageTimes {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/**
 * docs/product.md §5: the end date is before the start date, or it is the same day and the end time is not after the start
 * time. Times may be HH:mm or HH:mm:ss (they are compared normalized).
 */
export function endsBeforeStart(times: GarageTimes): boolean {
  if (times.endDate !== times.startDate) return times.endDate < times.startDate;
  const start = normalizeGarageTime(times.startTime) ?? times.startTime;
  const end = normalizeGarageTime(times.endTime) ?? times.endTime;
  return end <= start;
}

/**
 * The browser's "date pickers disallow past dates" (docs/product.md §5): `today` is the browser's yyyy-MM-dd. The server
 * judges the same rule by the sale's own time zone, and also refuses a sale whose end has already passed.
 */
export function startsBeforeToday(startDate: string, today: string): boolean {
  return startDate < today;
}

export interface GarageFormValues extends GarageTimes {
  /** The chosen address text. */
  title: string;
  /** Chosen items: the "A, B" text or the list. */
  items: string | readonly string[];
  /** Coordinates of the chosen address; missing means no suggestion was chosen. */
  latitude?: number | null;
  longitude?: number | null;
}

export interface GarageProblem {
  field: keyof GarageFormValues;
  message: string;
}

/**
 * Every complaint about a garage form, in the order a person should fix them: anything missing or malformed
 * ('Please fill all the fields properly.'), items not on the list, an address too long, then the end before
 * the start. The server answers the first with 400; the browser shows the first and sends nothing.
 */
export function garageFormProblems(values: GarageFormValues): GarageProblem[] {
  const problems: GarageProblem[] = [];
  const fill = (field: keyof GarageFormValues) => problems.push({ field, message: FILL });
  if (values.title.trim() === '') fill('title');
  if (typeof values.latitude !== 'number' || !(Math.abs(values.latitude) <= 90)) fill('latitude');
  if (typeof values.longitude !== 'number' || !(Math.abs(values.longitude) <= 180)) fill('longitude');
  if (!isGarageDate(values.startDate)) fill('startDate');
  if (!isGarageDate(values.endDate)) fill('endDate');
  if (!normalizeGarageTime(values.startTime)) fill('startTime');
  if (!normalizeGarageTime(values.endTime)) fill('endTime');
  const { items, unknown } = parseGarageItems(values.items);
  if (items.length === 0 && unknown.length === 0) fill('items');
  if (unknown.length > 0) problems.push({ field: 'items', message: G.itemsInvalid });
  if (values.title.trim().length > GARAGE_LIMITS.titleMax) {
    problems.push({ field: 'title', message: G.titleTooLong });
  }
  if (problems.length === 0 && endsBeforeStart(values)) {
    problems.push({ field: 'endTime', message: G.endBeforeStart });
  }
  return problems;
}

/** The first complaint's message, or null when the form may be sent. */
export function garageFormProblem(values: GarageFormValues): string | null {
  return garageFormProblems(values)[0]?.message ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/GarageSale/add (docs/product.md §3 create payload)

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const requiredText = z.string({ error: FILL }).trim().min(1, { error: FILL });
const coordinate = (limit: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: FILL }).min(-limit, { error: FILL }).max(limit, { error: FILL }),
  );

/**
 * The create payload. Each field must be present and non-blank (else 'Please fill all the fields properly.');
 * then `garageFormProblems` decides, so the server's first message is the one the browser form shows. The
 * output has items as a list and both times as HH:mm:ss.
 */
export const garageSaleCreateSchema = z
  .object({
    title: requiredText,
    latitude: coordinate(90),
    longitude: coordinate(180),
    /** "Furniture, Toys" (SPEC), or a list of names; every one from GARAGE_ITEMS. */
    items: z.union([z.string(), z.array(z.string())], { error: FILL }),
    /** yyyy-MM-dd, local to the sale's place. */
    startDate: requiredText,
    endDate: requiredText,
    /** 24-hour HH:mm:ss (HH:mm accepted), local to the sale's place. */
    startTime: requiredText,
    endTime: requiredText,
  })
  .superRefine((values, ctx) => {
    for (const problem of garageFormProblems(values)) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    }
  })
  .transform((values) => ({
    ...values,
    items: parseGarageItems(values.items).items,
    startTime: normalizeGarageTime(values.startTime)!,
    endTime: normalizeGarageTime(values.endTime)!,
  }));
export type GarageSaleCreateRequest = z.input<typeof garageSaleCreateSchema>;
export type ParsedGarageSaleCreate = z.output<typeof garageSaleCreateSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/Marketplace/garage-sales

const {
  latitudeInvalid: latMessage,
  longitudeInvalid: lngMessage,
  radiusInvalid: radiusMessage,
} = messages.request;
const optionalNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).min(min, { error: message }).max(max, { error: message }).optional(),
  );

export const garageSalesQuerySchema = z
  .object({
    latitude: optionalNumber(latMessage, -90, 90),
    longitude: optionalNumber(lngMessage, -180, 180),
    /** Miles × 1.60934 (docs/product.md §9); with a location but no radius, DEFAULT_RADIUS_MILES. */
    radiusKm: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: radiusMessage })
        .positive({ error: radiusMessage })
        .max(20_000, { error: radiusMessage })
        .optional(),
    ),
  })
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    error: messages.listing.locationIncomplete,
    path: ['latitude'],
  });
export type GarageSalesQuery = z.input<typeof garageSalesQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers (docs/product.md §3 garage sale read)

export const garageSaleSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userImageUrl: z.string().nullable(),
  /** When the host joined (ISO 8601). */
  thrifterSince: z.string(),
  isFollowedByCurrentUser: z.boolean(),
  /** True when the signed-in user hosts the sale (show delete). */
  isOwner: z.boolean(),
  /** The address text the host chose. */
  title: z.string(),
  /** "City, ST"; null when no US city is near. */
  location: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Local wall-clock values at the sale's place: yyyy-MM-dd and HH:mm:ss. */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  /** IANA zone of the sale's place, e.g. America/Chicago. */
  timeZone: z.string(),
  /** The start as an instant (ISO 8601, UTC): count down to this, wherever the browser is. */
  eventDate: z.string(),
  /** The end as an instant (ISO 8601, UTC). */
  endsAt: z.string(),
  /** The items joined by ", " (docs/product.md §3)… */
  items: z.string(),
  /** …and the same as a list. */
  itemsToExpect: z.array(z.string()),
  /** The sale is on right now (started, not ended). */
  isLive: z.boolean(),
});
export type GarageSale = z.infer<typeof garageSaleSchema>;

export const garageSaleResponseSchema = z.object({ data: garageSaleSchema });
export const garageSaleListResponseSchema = z.object({ data: z.array(garageSaleSchema) });
export type GarageSaleListResponse = z.infer<typeof garageSaleListResponseSchema>;
export const garageSaleCreatedResponseSchema = z.object({ message: z.string(), data: garageSaleSchema });
export type GarageSaleCreatedResponse = z.infer<typeof garageSaleCreatedResponseSchema>;
