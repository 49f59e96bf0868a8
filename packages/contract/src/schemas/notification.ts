/**
 * Notifications (docs/product.md §10): the notification centre, preferences, Web Push subscriptions and what a
 * push carries. Every answer uses the `{ data: … }` envelope and every refusal the `{ message }` body.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { pageNumberSchema, pageSizeSchema } from './common.js';

const N = messages.notifications;

/**
 * What a notification is about. `message` and `support` are answers to the person; `follow` is a new listing by a
 * seller they follow; `garageSale` a sale (theirs or a followed host's) that starts tomorrow; `like` likes on
 * one of their listings, gathered into one unread entry per listing and hour. The next features add theirs.
 */
export const NOTIFICATION_TYPES = {
  message: 'message',
  support: 'support',
  follow: 'follow',
  garageSale: 'garageSale',
  like: 'like',
  /** A listing was reserved for the buyer, released, or the reservation lapsed (docs/product.md §12). */
  reservation: 'reservation',
  /** A new listing matched one of the person's saved searches (docs/product.md §14). */
  savedSearch: 'savedSearch',
  /** A deal was called off by the buyer (docs/product.md §19). */
  deal: 'deal',
  /** Asked to rate a deal, ratings published, a rating removed by staff (docs/product.md §20). */
  review: 'review',
  /** An offer made to the person, or their offer accepted or declined (docs/product.md §18). */
  offer: 'offer',
} as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];
export const notificationTypeSchema = z.enum(Object.values(NOTIFICATION_TYPES) as [NotificationType]);

/** One entry of the notification centre. `link` is an app path (such as /chat/7/12) the entry opens. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = { default: 20, max: 100 } as const;

/** GET /api/Notifications?page&pageSize: newest first. */
export const notificationListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: pageSizeSchema(NOTIFICATION_PAGE_SIZE.max, NOTIFICATION_PAGE_SIZE.default),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
/** `hasMore`: an older page exists. `unread`: the same number /generalhub pushes as receivenotificationscount. */
export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  hasMore: z.boolean(),
  unread: z.number().int(),
});

const readInvalid = { error: N.readInvalid };
/**
 * POST /api/Notifications/read: `{ ids: [...] }` or `{ all: true }`. Ids not the caller's are ignored. One object
 * with a check (not a union), so a wrong shape points at `ids` and answers the readable message.
 */
export const markNotificationsReadSchema = z
  .object(
    {
      ids: z
        .array(
          z.number(readInvalid).int(readInvalid).positive(readInvalid).max(Number.MAX_SAFE_INTEGER),
          readInvalid,
        )
        .min(1, readInvalid)
        .max(500, readInvalid)
        .optional(),
      all: z.literal(true, readInvalid).optional(),
    },
    readInvalid,
  )
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { ...readInvalid, path: ['ids'] });
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
/** The caller's unread count after the change. */
export const notificationCountResponseSchema = z.object({ data: z.object({ unread: z.number().int() }) });

/** Kinds of notification a person can switch on or off, per channel (the centre always keeps its entries). */
export const NOTIFICATION_PREFERENCE_KEYS = [
  'messages',
  'support',
  'follows',
  'garageSales',
  'likes',
  'reservations',
  'savedSearches',
  'ratings',
  'offers',
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
/** Which preference switches a notification type. */
export const PREFERENCE_OF_TYPE: Record<NotificationType, NotificationPreferenceKey> = {
  message: 'messages',
  support: 'support',
  follow: 'follows',
  garageSale: 'garageSales',
  like: 'likes',
  reservation: 'reservations',
  savedSearch: 'savedSearches',
  deal: 'ratings',
  review: 'ratings',
  offer: 'offers',
};

const channelSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean({ error: N.preferencesInvalid })]),
  ) as Record<NotificationPreferenceKey, z.ZodBoolean>,
  { error: N.preferencesInvalid },
);
export type NotificationChannelPreferences = z.infer<typeof channelSchema>;
/** GET → `{ data: this }`; PUT takes the bare object. */
export const notificationPreferencesSchema = z.object(
  { email: channelSchema, push: channelSchema },
  { error: N.preferencesInvalid },
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** What a person who never chose gets: answers to them on, everything else off (no spam by default). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: {
    messages: true,
    support: true,
    follows: false,
    garageSales: false,
    likes: false,
    reservations: true,
    savedSearches: true,
    ratings: false,
    offers: true,
  },
  push: {
    messages: true,
    support: true,
    follows: false,
    garageSales: false,
    likes: false,
    reservations: true,
    savedSearches: true,
    ratings: true,
    offers: true,
  },
};
export const notificationPreferencesResponseSchema = z.object({ data: notificationPreferencesSchema });

/** base64url text (no padding needed) to bytes; undefined when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const absoluteUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * POST /api/Notifications/push-subscriptions: what `PushSubscription.toJSON()` gives. The endpoint's scheme and
 * address are checked by the server (public https only, unless PUSH_ALLOW_INSECURE_ENDPOINTS).
 */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: N.subscriptionEndpointInvalid })
      .max(2048, { error: N.subscriptionEndpointInvalid })
      .refine(absoluteUrl, { error: N.subscriptionEndpointInvalid }),
    keys: z.object(
      {
        // The browser's ECDH public key: an uncompressed P-256 point, 0x04 then x and y (RFC 8291 §3.1).
        p256dh: z.string({ error: N.subscriptionKeyInvalid }).refine(
          (text) => {
            const bytes = decodeBase64Url(text);
            return bytes !== undefined && bytes.length === 65 && bytes[0] === 4;
          },
          { error: N.subscriptionKeyInvalid },
        ),
        auth: z
          .string({ error: N.subscriptionAuthInvalid })
          .refine((text) => decodeBase64Url(text)?.length === 16, { error: N.subscriptionAuthInvalid }),
      },
      { error: N.subscriptionKeyInvalid },
    ),
  },
  { error: N.subscriptionInvalid },
);
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;
/** DELETE /api/Notifications/push-subscriptions. */
export const pushUnsubscribeSchema = z.object(
  { endpoint: z.string({ error: N.subscriptionEndpointInvalid }).max(2048) },
  { error: N.subscriptionInvalid },
);
/** GET /api/Notifications/push-key: the VAPID public key, base64url of the 65-byte uncompressed P-256 point. */
export const pushKeyResponseSchema = z.object({ data: z.object({ publicKey: z.string() }) });

/** The JSON a push carries (encrypted, RFC 8291); the service worker shows it and opens `link` on click. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  type: z.union([notificationTypeSchema, z.literal('test')]),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * The kinds of notification sent by e-mail at all, each of which a one-click unsubscribe link (RFC 8058) can switch
 * off: answers to the person (chat messages, support, offers) and the notices they asked for (reservations,
 * saved-search matches). The rest come in the app and by push only.
 */
export const EMAIL_UNSUBSCRIBE_KINDS = [
  'messages',
  'support',
  'reservations',
  'savedSearches',
  'offers',
] as const;
export type EmailUnsubscribeKind = (typeof EMAIL_UNSUBSCRIBE_KINDS)[number];
/** GET and POST /api/Notifications/unsubscribe?token=…: the signed token from the e-mail's link. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: N.unsubscribeInvalid })
    .min(1, { error: N.unsubscribeInvalid })
    .max(200, { error: N.unsubscribeInvalid }),
});
/** GET: what the link would switch off and whether it is on; POST: after switching it off. */
export const unsubscribeResponseSchema = z.object({
  data: z.object({ kind: z.enum(EMAIL_UNSUBSCRIBE_KINDS), subscribed: z.boolean(), message: z.string() }),
});
