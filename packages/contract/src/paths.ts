/** API paths (docs/product.md §7 plus what the product needs beyond them), relative to the API base. */
export const API = {
  category: '/api/Category',
  config: '/api/Config',
  /** Swagger UI and the OpenAPI document (`/api/docs/json`), generated from the contract schemas. */
  docs: '/api/docs',
  account: {
    register: '/api/Account/register',
    login: '/api/Account/user-login',
    sendPasswordResetLink: '/api/Account/send-password-reset-link',
    resetPassword: '/api/Account/reset-password',
    /** POST { token }: confirms the address a verification link was sent to. */
    verifyEmail: '/api/Account/verify-email',
    /** POST (signed in): sends the verification link again (at most 3 per address a day). */
    resendVerification: '/api/Account/resend-verification',
    me: '/api/Account/me',
    logout: '/api/Account/logout',
    /** POST: ends every session of the caller (every device), and with them every hub connection. */
    logoutEverywhere: '/api/Account/logout-everywhere',
    /** GET: everything Rummage holds about the caller, as one JSON file (docs/product.md, "Your data"). */
    exportData: '/api/Account/export',
    /** GET: the same, as a ZIP with the photos the caller uploaded (what the edit-profile page downloads). */
    exportArchive: '/api/Account/export/archive',
    /** DELETE { password }: removes the caller's account and everything that is only theirs. */
    delete: '/api/Account',
  },
  captcha: {
    challenge: '/api/Captcha/challenge',
  },
  marketplace: {
    /** GET: the product feed (page, pageSize, search, latitude, longitude, radiusKm, before). */
    products: '/api/Marketplace/products',
    /** GET: garage sales not yet ended, soonest first (optional latitude, longitude, radiusKm). */
    garageSales: '/api/Marketplace/garage-sales',
  },
  /** Garage-sale calls (docs/product.md §7). */
  garageSale: {
    add: '/api/GarageSale/add',
    /** GET one sale (not yet ended). */
    item: '/api/GarageSale/:id',
    /** GET a host's sales not yet ended, soonest first. */
    byUser: '/api/GarageSale/user/:userId',
    /** DELETE: the host removes a sale; for a sale already ended or gone, anyone gets a harmless 200. */
    delete: '/api/GarageSale/delete/:id',
  },
  /** Listing calls. `:name` segments are route parameters: fill them with `apiPath`. */
  product: {
    add: '/api/Product/add',
    /** PUT (multipart, ProductId in the body). */
    update: '/api/Product',
    /** GET one listing, DELETE it. */
    item: '/api/Product/:id',
    changeSoldStatus: '/api/Product/change-sold-status',
    incrementViews: '/api/Product/increment-views/:id',
    likeUnlike: '/api/Product/like-unlike/:id',
    report: '/api/Product/report',
    unsoldByUser: '/api/Product/unsold/user/:userId',
    soldByUser: '/api/Product/sold/user/:userId',
    /** POST { productId, buyerId }: the seller holds the listing for a buyer who chats about it (§12). */
    reserve: '/api/Product/reserve',
    /** POST { productId }: the seller ends the hold. */
    unreserve: '/api/Product/unreserve',
  },
  /** Offers and counter-offers between a buyer and a seller (docs/product.md §18). */
  offer: {
    /** POST { productId, amount } makes an offer; GET ?productId= lists the offers the caller may see. */
    root: '/api/Offer',
    /** POST: the party the offer was made to accepts it (the listing is reserved for the buyer). */
    accept: '/api/Offer/:id/accept',
    decline: '/api/Offer/:id/decline',
    /** POST { amount }: the party the offer was made to asks for another amount instead. */
    counter: '/api/Offer/:id/counter',
    /** POST: the maker takes a pending offer back. */
    withdraw: '/api/Offer/:id/withdraw',
  },
  /** Deals: what a sale to someone records (docs/product.md §19). */
  deal: {
    /** GET the caller's deals, both roles, newest first. */
    root: '/api/Deal',
    /** POST: the buyer says the handover did not happen (within the rating window): the deal is void. */
    dispute: '/api/Deal/:id/dispute',
    /** GET ?productId=: the seller's choice of buyer, the people who chatted about the listing. */
    buyers: '/api/Deal/buyers',
  },
  /** Two-way ratings after a handover (docs/product.md §20). */
  review: {
    /** POST { dealId, stars, text }: one side rates the deal. */
    root: '/api/Review',
    /** GET a person's published ratings, newest first (page, pageSize). */
    byUser: '/api/Review/user/:userId',
    /** GET a person's reputation alone, as their profile carries it (the seller card loads it after first paint). */
    reputation: '/api/Review/user/:userId/reputation',
    /** POST { text }: the rated person answers a published rating, once. */
    reply: '/api/Review/:id/reply',
    /** POST { reason }: into the staff reports queue. */
    report: '/api/Review/:id/report',
  },
  /** Profiles and follows (docs/product.md §7 User calls). */
  user: {
    profileDetails: '/api/User/profile-details/:userId',
    uploadProfilePhoto: '/api/User/upload-profile-photo',
    uploadCoverPhoto: '/api/User/upload-cover-photo',
    followUnfollow: '/api/User/follow-unfollow/:userId',
    updateUserDetails: '/api/User/update-user-details',
    /** GET the caller's followers, newest first (page, pageSize). */
    followers: '/api/User/followers',
    /** POST blocks the person (idempotent), DELETE unblocks them (docs/product.md §11). */
    block: '/api/User/block/:userId',
    /** GET the people the caller blocked, newest first. */
    blocked: '/api/User/blocked',
  },
  /** The notification centre, preferences and Web Push (docs/product.md §10). */
  notifications: {
    /**
     * GET ?page&pageSize → { data, hasMore, unread }: the caller's notifications, newest activity first (an entry
     * that gathered one more message or like moves back to the top; its createdAt is that newest event).
     */
    list: '/api/Notifications',
    /** POST { ids } or { all: true }: marks them read (ids not the caller's are ignored) → 200 { data: { unread } }. */
    read: '/api/Notifications/read',
    /** GET / PUT { email, push }. */
    preferences: '/api/Notifications/preferences',
    /** GET: the VAPID public key a browser subscribes with. */
    pushKey: '/api/Notifications/push-key',
    /** POST { endpoint, keys } (idempotent per endpoint); DELETE { endpoint }. */
    pushSubscriptions: '/api/Notifications/push-subscriptions',
    /** POST: a test push to each of the caller's subscriptions. */
    test: '/api/Notifications/test',
    /** POST ?token= (RFC 8058 one-click, no session): that kind of e-mail off; GET shows a page to confirm. */
    unsubscribe: '/api/Notifications/unsubscribe',
  },
  /** Saved searches and their alerts (docs/product.md §14). */
  savedSearch: {
    /** GET the caller's saved searches (each with newMatches); POST { search, latitude, longitude, radiusKm }. */
    list: '/api/SavedSearch',
    /** DELETE one of the caller's (another person's: 404). */
    item: '/api/SavedSearch/:id',
    /** POST: its new matches are seen (newMatches back to 0). */
    seen: '/api/SavedSearch/:id/seen',
  },
  /** Chats about listings (docs/product.md §7 Message calls). */
  message: {
    send: '/api/Message/send',
    chatRooms: '/api/Message/chat-rooms',
    read: '/api/Message/read',
    deleteChat: '/api/Message/delete-chat/:productId/with/:otherUserId',
    chatThrifter: '/api/Message/chat-thrifter/:productId/with/:receiverId',
    history: '/api/Message/history/:productId/with/:receiverId',
    /** GET the caller's unread counts (what /generalhub pushes), for a first paint without the hub. */
    unreadCount: '/api/Message/unread-count',
  },
  /** Support tickets, the user's side (docs/product.md §7 Support calls). */
  support: {
    createTicket: '/api/Support/create-ticket',
    myActiveTicket: '/api/Support/my-active-ticket',
    read: '/api/Support/read',
    ticketHistory: '/api/Support/ticket-history/:ticketId',
  },
  /** The staff console (staff or admin; grant/revoke staff admin only). `:name` segments: fill with `apiPath`. */
  staff: {
    /** GET the ticket queue: open first, longest-waiting first (status, page, pageSize). */
    tickets: '/api/Staff/tickets',
    /** GET one ticket with its user and messages. */
    ticket: '/api/Staff/tickets/:ticketId',
    /** POST { message }: answer as the support account (the REST twin of /supporthub SendMessage). */
    ticketReply: '/api/Staff/tickets/:ticketId/reply',
    ticketClose: '/api/Staff/tickets/:ticketId/close',
    ticketReopen: '/api/Staff/tickets/:ticketId/reopen',
    /** GET reported listings, grouped, with reporters (status open|all, page, pageSize). */
    reports: '/api/Staff/reports',
    /** POST { reason }: hide from everyone but the owner and staff; open reports become reviewed. */
    hideProduct: '/api/Staff/products/:productId/hide',
    unhideProduct: '/api/Staff/products/:productId/unhide',
    dismissReports: '/api/Staff/products/:productId/dismiss-reports',
    /** POST { reason }: a rating goes from every answer; its author is told why. */
    removeReview: '/api/Staff/reviews/:id/remove',
    /** GET people by username or e-mail (query, page, pageSize). */
    users: '/api/Staff/users',
    /** GET one person: listings (hidden too), reports against them, tickets, ban state. */
    user: '/api/Staff/users/:userId',
    /** POST { reason }: ends their sessions and hides their listings and garage sales. */
    banUser: '/api/Staff/users/:userId/ban',
    unbanUser: '/api/Staff/users/:userId/unban',
    /** POST { reason }: deletes the person's account as DELETE /api/Account would (staff may not delete staff). */
    deleteUser: '/api/Staff/users/:userId/delete-account',
    /** Admin only. */
    grantStaff: '/api/Staff/users/:userId/grant-staff',
    /** Admin only. */
    revokeStaff: '/api/Staff/users/:userId/revoke-staff',
    /** GET every staff action, newest first (page, pageSize). */
    moderationLog: '/api/Staff/moderation-log',
    /** GET the last 7 days' searches that found nothing: words and counts only, never who searched. */
    searchReport: '/api/Staff/search-report',
    /** GET chat messages held for a check, oldest first. */
    heldMessages: '/api/Staff/held-messages',
    /** POST: delivers a held message, with its original time. */
    releaseHeldMessage: '/api/Staff/held-messages/:heldMessageId/release',
    /** POST: a held message is never delivered; it counts in its sender's report history. */
    rejectHeldMessage: '/api/Staff/held-messages/:heldMessageId/reject',
  },
  geo: {
    cities: '/api/Geo/cities',
    reverse: '/api/Geo/reverse',
  },
  health: {
    live: '/healthz',
    ready: '/readyz',
  },
} as const;

/** Fills the `:name` segments of an API path: `apiPath(API.product.item, { id: 7 })` → `/api/Product/7`. */
export function apiPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? encodeURIComponent(String(params[name])) : whole,
  );
}

/** Real-time hub paths (docs/product.md §7). */
export const HUBS = {
  general: '/generalhub',
  chat: '/chathub',
  support: '/supporthub',
} as const;

/** Client routes (docs/product.md §2). */
export const ROUTES = {
  home: '/',
  marketplace: '/marketplace',
  /** The marketplace running a search: its words ride in ?search=, as the marketplace reads them. */
  marketplaceSearch: (search: string) => `/marketplace?${new URLSearchParams({ search })}`,
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  newPassword: '/reset-password/new',
  /** Where a verification e-mail's link lands (beyond the SPEC). */
  verifyEmail: '/verify-email',
  productDetail: (id: string | number) => `/product-detail/${id}`,
  productShare: (id: string | number) => `/product/${id}`,
  garage: (id: string | number) => `/garage/${id}`,
  /** The route planner over picked garage sales (beyond the SPEC); matched before garage/{id}. */
  garageRoute: '/garage/route',
  terms: '/terms',
  /** The accessibility statement (beyond the SPEC), linked from the footer. */
  accessibility: '/accessibility',
  userMain: '/user-main',
  otherUser: (id: string | number) => `/user-main/${id}`,
  createProduct: '/create-product',
  editProduct: (id: string | number) => `/edit-product/${id}`,
  editProfile: '/edit-profile',
  createGarage: '/create-garage',
  messages: '/messages',
  chat: (receiverId: string | number, productId: string | number) => `/chat/${receiverId}/${productId}`,
  followers: '/followers',
  support: '/support',
  /** The notification centre and its settings (beyond the SPEC). */
  notifications: '/notifications',
  notificationSettings: '/settings/notifications',
  /** The people you blocked, to unblock them (beyond the SPEC). */
  blockedPeople: '/settings/blocked',
  /** The caller's saved searches with their new matches (beyond the SPEC). */
  savedSearches: '/saved-searches',
  /** The staff console (staff and admins; beyond the SPEC). */
  staff: '/staff',
  /** How ratings work (docs/product.md §20), linked from the rating form. */
  ratingRules: '/rating-rules',
} as const;

/** One pattern per page route in ROUTES, any id in place of a parameter; a trailing slash is allowed. */
const PAGE_ROUTES: readonly RegExp[] = Object.values(ROUTES).map((route) => {
  const template =
    typeof route === 'function'
      ? (route as (...ids: string[]) => string)(...Array.from({ length: route.length }, () => '\0'))
      : route;
  const source = template
    .split('\0')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source === '/' ? '' : source}/?$`);
});

/**
 * Whether a path is one of the web app's pages. The server answers 200 with the app for these and 404 (with the
 * app's not-found page) for every other path, so crawlers and monitors see the truth.
 */
export function isPageRoute(path: string): boolean {
  return PAGE_ROUTES.some((pattern) => pattern.test(path));
}

/**
 * A notification's link as a path on this site, or null when it would lead elsewhere. Parsed the way a browser
 * parses it (which drops tabs and newlines and reads `\\` as `/`), so `//host`, `/\\host` or `/\t/host` cannot
 * slip past a prefix check; the web app and the service worker open only what this returns.
 */
export function sameSitePath(link: string): string | null {
  const base = 'https://rummage.invalid';
  if (!link.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Page paths matched outside the router: pages rendered with their data, the share link's redirect on the
 * server, and the code a landing page starts loading before the router runs. One place, so they cannot drift.
 */
export const ROUTE_PATTERNS = {
  marketplace: /^\/marketplace\/?$/,
  /** Captures the listing id. */
  productDetail: /^\/product-detail\/([^/]+)\/?$/,
  /** The share link; captures the listing id. */
  productShare: /^\/product\/(\d+)\/?$/,
  /** A garage sale's page, not the route planner. */
  garage: /^\/garage\/(?!route\/?$)[^/]+\/?$/,
  otherUser: /^\/user-main\/[^/]+\/?$/,
} as const;
