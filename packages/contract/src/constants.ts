/** Business constants and limits from docs/product.md §9, shared by the server and the browser. */
export const DEFAULT_PRODUCT_NAME = 'Rummage';
export const DEFAULT_SUPPORT_EMAIL = 'support@rummage.local';

export const DEFAULT_RADIUS_MILES = 25;
export const MILES_TO_KM = 1.60934;

export const PAGE_SIZE = { home: 8, marketplace: 12, followers: 12, max: 48 } as const;
/** Next page loads when the viewport is within this many px of the page bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTION_LIMIT = {
  locationDialog: 15,
  editProfile: 15,
  registration: 5,
  garageForm: 10,
  max: 15,
} as const;

export const STICKY_HEADER_THRESHOLD_PX = 10;
export const SCROLL_TO_TOP_THRESHOLD_PX = 200;
export const SPINNER_DEFAULT_SIZE_PX = 48;

export const COUNTDOWN_TICK_MS = 1000;
export const FOLLOW_SETTLE_MS = 1000;
export const REGISTRATION_REDIRECT_MS = 2000;
export const UPLOAD_MESSAGE_CLEAR_MS = 3000;

export const CAROUSEL_SWIPE_THRESHOLD_PX = 100;
export const GARAGE_CAROUSEL_MIN = 5;

export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MIN_LENGTH_LOGIN = 3;
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_DEFAULT_COUNTRY = 'US';
export const MINIMUM_AGE = 15;

/** Listing limits (docs/product.md §5 leaves them open; these keep rows and pages sane). */
export const LISTING_LIMITS = {
  titleMax: 80,
  descriptionMax: 2000,
  /** numeric(12,2) holds more; a second-hand marketplace does not need it. */
  priceMax: 1_000_000,
  reportReasonMax: 500,
  searchMax: 200,
} as const;
/** Listings on a profile tab ("my store", "sold items"), newest first. */
export const USER_LISTINGS_LIMIT = 200;
/** A viewer (user, or visitor by IP and browser) adds one view per listing per this long. */
export const VIEW_DEDUP_WINDOW_MS = 60 * 60 * 1000;

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;

export const MAP_ZOOM = { embed: 15, large: 18 } as const;
export const TIME_PICKER_MINUTE_STEP = 5;

export const DEFAULT_SELLER_MESSAGE = 'Hi, is this available?';
export const COMPACT_CAPTCHA_MAX_WIDTH_PX = 400;
export const INBOX_TITLE_WORDS = 2;

export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;
export const HTTP_TIMEOUT_MS = 100_000;
/**
 * How long the web app waits for the browser's push service when turning push on (docs/product.md §10): a push
 * service out of reach leaves `subscribe()` unanswered, and the page says it failed instead of waiting for good.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;

export const DEFAULT_CATEGORIES = [
  'Clothes',
  'Hats',
  'Vintage',
  'Artwork',
  'Shoes',
  'Antiques',
  'Furniture',
  'Tools',
  'Appliances',
  'Jewelry',
] as const;

/** Password-reset links stay valid for one hour and work once. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A verification link works this long (24 h). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Verification e-mails one address receives in 24 h at most, across every account that names it. */
export const EMAIL_VERIFICATIONS_PER_ADDRESS_PER_DAY = 3;
/**
 * How long a listing photo's perceptual hash is kept and compared (docs/product.md §17): a new listing's photo that
 * matches another seller's photo from this window, deleted listings included, is reported to staff.
 */
export const PHOTO_MATCH_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;

/** Browser events broadcast when the saved location or radius changes (docs/product.md §4). */
export const LOCATION_UPDATED_EVENT = 'location-updated';
export const RADIUS_UPDATED_EVENT = 'radius-updated';

/** Chat limits (docs/product.md §5 leaves the length open). */
export const CHAT_LIMITS = {
  messageMax: 2000,
  historyPageSize: 50,
  historyPageMax: 200,
  /** New chats a user may start per hour: accounts younger than newAccountAgeMs get the lower number. */
  newChatsPerHourNewAccount: 5,
  newChatsPerHour: 30,
  newAccountAgeMs: 24 * 60 * 60 * 1000,
  /** Messages per minute in chats the other side has not answered yet (replies are never limited). */
  unansweredMessagesPerMinute: 10,
} as const;

export const SUPPORT_LIMITS = {
  messageMax: 2000,
  /** Messages per minute the ticket's owner may send while no staff answer follows them (as in chats). */
  unansweredMessagesPerMinute: 10,
} as const;

/**
 * What the web build leaves for the server to render pages at request time (apps/web/build-plugins.ts,
 * apps/server/src/plugins/page-render.ts): the renderer module and the page template, inside the web build's
 * folder (a dot folder: never served), and the markers the server replaces in the template.
 */
export const PAGE_RENDERING = {
  rendererFile: '.ssr/prerender.mjs',
  templateFile: '.ssr/page.html',
  pageMarker: '<!--rummage-page-->',
  headMarker: '<!--rummage-head-->',
  /**
   * Set (to "1") once a visitor has saved a place: their marketplace is local, not the one the server renders for
   * a newcomer, so the server sends it without data. Only its presence is read; the place stays in the browser.
   */
  savedPlaceCookie: 'rummage-place',
} as const;

/**
 * The installable app's files (docs/product.md §10): the manifest the server writes with PRODUCT_NAME, the
 * service worker and the offline page it falls back to, and the icons (apps/web/public/icons).
 */
export const APP_FILES = {
  manifest: '/manifest.webmanifest',
  serviceWorker: '/sw.js',
  offlinePage: '/offline.html',
  icons: {
    any192: '/icons/icon-192.png',
    any512: '/icons/icon-512.png',
    maskable192: '/icons/maskable-192.png',
    maskable512: '/icons/maskable-512.png',
  },
  /** The colours the app's stylesheet uses for its brand and its page (apps/web/src/app/styles.css). */
  themeColor: '#1f6f5c',
  backgroundColor: '#faf8f5',
} as const;
