/**
 * The texts of what reaches people when they are not on the site (docs/product.md §10 and §14): saved searches and
 * their alerts, the bell and notification centre, notification settings, pushes and e-mails. Part of `messages`
 * (messages.ts), kept apart because they are most of it.
 */

/** Saved searches and their alerts (docs/product.md §14). */
export const savedSearchMessages = {
  save: 'Save this search',
  saved: 'Search saved. We will tell you when something new matches.',
  alreadySaved: 'You already saved this search.',
  saveFailed: 'The search could not be saved. Please try again.',
  pageTitle: 'Saved searches',
  documentTitle: 'Saved searches - {product}',
  intro: 'New listings that match a saved search show up in your notifications.',
  empty: 'No saved searches yet. Search the marketplace, then press "Save this search".',
  loading: 'Loading your saved searches',
  loadFailed: 'Your saved searches could not be loaded. Please try again.',
  anything: 'Anything',
  everywhere: 'Everywhere',
  /** `{miles}` the radius in miles, `{place}` the place searched around. */
  within: 'Within {miles} mi of {place}',
  withinHere: 'Within {miles} mi of the chosen spot',
  /** Where DISTANCE_UNIT=km: `{km}` the radius in kilometres. */
  withinKm: 'Within {km} km of {place}',
  withinHereKm: 'Within {km} km of the chosen spot',
  newMatchesOne: '1 new match',
  newMatchesMany: '{count} new matches',
  noNewMatches: 'No new matches',
  show: 'Show matches',
  /**
   * On the marketplace when "Show matches" moved the saved place to the search's: `{place}` the search's place.
   * `placeBack` puts the place saved before back, `{place}` its name.
   */
  placeChanged: 'Your place is now {place}, where this saved search looks.',
  placeBack: 'Back to {place}',
  placeBackUnnamed: 'Back to your previous place',
  placeUnnamed: "the saved search's spot",
  /** The link's name in the list, `{name}` the search's words and place ("lamp, Within 25 mi of Chicago, IL"). */
  showLabel: 'Show matches for the saved search {name}',
  remove: 'Delete',
  removeLabel: 'Delete the saved search {name}',
  removed: 'Saved search deleted.',
  removeFailed: 'The saved search could not be deleted. Please try again.',
  /** Refusals. */
  empty400: 'Type a search or choose a location before saving a search.',
  tooMany: 'You can keep up to {limit} saved searches. Delete one to save another.',
  notFound: 'Saved search not found.',
} as const;

/** Notifications (docs/product.md §10): the bell, the centre, settings, pushes and e-mails. */
export const notificationMessages = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {count} unread',
  pageTitle: 'Notifications',
  empty: 'No notifications yet. Messages, support answers and news from sellers you follow show up here.',
  markAllRead: 'Mark all as read',
  loadMore: 'Show older',
  /** The list page's tab title and what screen readers hear while it loads and before an unread entry. */
  documentTitle: 'Notifications - {product}',
  loading: 'Loading notifications',
  loadingMore: 'Loading older notifications',
  unread: 'Unread',
  settings: 'Notification settings',
  /** Entry texts; `{name}`, `{title}`, `{count}` are filled in. */
  messageTitle: 'New message from {name}',
  supportTitle: 'Support answered you',
  followTitle: '{name} listed something new',
  garageSaleTitle: 'A garage sale starts tomorrow',
  garageSaleBody: '{title} starts {when}.',
  /** `{when}` of garageSaleBody: the sale's local start time. */
  garageSaleWhen: 'tomorrow at {time}',
  likeTitleOne: '{name} liked {title}',
  likeTitleMany: '{count} people liked {title}',
  likeBody: 'Your listing is getting attention.',
  /** Reservations: the buyer's entry, then the seller's. `{until}` is the end of the hold. */
  reservedTitleBuyer: '{name} reserved {title} for you',
  reservedTitleSeller: 'You reserved {title} for {name}',
  reservedBody: 'Held until {until}.',
  releasedTitleBuyer: '{name} released the reservation of {title}',
  releasedTitleSeller: 'You released the reservation of {title} for {name}',
  lapsedTitle: 'The reservation of {title} ran out',
  endedBody: 'The listing is open to everyone again.',
  /**
   * Offers (docs/product.md §18): to the person an offer was made to, then to its maker when it was answered.
   * `{amount}` in the price format.
   */
  offerReceivedTitle: '{name} offered {amount} for {title}',
  offerCounteredTitle: '{name} countered with {amount} for {title}',
  offerReceivedBody: 'Accept, decline or counter it in the chat before it expires.',
  offerAcceptedTitle: '{name} accepted the offer of {amount} for {title}',
  /** To a buyer whose offer the seller accepted, then to a seller whose counter-offer the buyer accepted. */
  offerAcceptedBodyBuyer: 'The listing is reserved for you. Arrange the pickup in the chat.',
  offerAcceptedBodySeller: 'The listing is reserved for {name}. Arrange the pickup in the chat.',
  offerDeclinedTitle: '{name} declined the offer of {amount} for {title}',
  offerDeclinedBody: 'You can make another offer in the chat.',
  /** A new listing matched a saved search: `{search}` the saved words or place, the body is the listing's title. */
  savedSearchTitle: 'New match for {search}',
  /** `{search}` of a saved search with neither words nor a named place (a spot away from any town). */
  savedSearchUnnamed: 'your saved search',
  deletedUser: 'Deleted user',
  /** The settings page (/settings/notifications). */
  settingsTitle: 'Notification settings',
  settingsIntro:
    'Choose how Rummage tells you about things while you are away. Your notification list always keeps every entry.',
  emailColumn: 'E-mail',
  /** In the e-mail column of a kind that only comes in the app and as a push. */
  notByEmail: 'Not sent by e-mail',
  // Push preferences hold for every device where push is on; the section below is about this device.
  pushColumn: 'Push',
  kindMessages: 'Messages about listings',
  kindSupport: 'Answers from support',
  kindFollows: 'New listings from sellers you follow',
  kindGarageSales: 'Garage sales starting tomorrow',
  kindLikes: 'Likes on your listings',
  kindReservations: 'Reservations made, released or run out',
  kindSavedSearches: 'New listings matching your saved searches',
  kindRatings: 'Ratings: asked to rate, ratings published or removed, handovers called off',
  kindOffers: 'Offers made to you, and answers to yours',
  saved: 'Your notification settings are saved.',
  saveFailed: 'Your notification settings could not be saved. Please try again.',
  pushEnable: 'Turn on push notifications',
  pushEnabled: 'Push notifications are on for this device.',
  pushDisable: 'Turn off on this device',
  pushDisabled: 'Push notifications are off for this device.',
  pushUnsupported: 'This browser cannot show push notifications.',
  pushBlocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings (the icon left of the address), then try again.",
  pushFailed: 'Push notifications could not be turned on. Please try again.',
  pushIosHint:
    'On iPhone and iPad, add Rummage to your Home Screen first: push works only in the installed app.',
  sendTest: 'Send me a test notification',
  testSent: 'Test notification sent. It shows on every device where push is on.',
  settingsDocumentTitle: 'Notification settings - {product}',
  settingsLoading: 'Loading your notification settings',
  kindsCaption: 'What to tell you about, and how',
  pushHeading: 'Push notifications on this device',
  pushIntro:
    'Push notifications appear on this device even when Rummage is closed. Your browser asks for permission after you press the button.',
  testTitle: 'Test notification',
  testBody: 'Push notifications from {product} work on this device.',
  /** E-mails. */
  emailMessageSubject: '{name} sent you a message about {title}',
  emailSupportSubject: '{product} support answered you',
  emailOpen: 'Open the conversation',
  /** Reservation notices and saved-search matches: one entry's title is the subject, several are counted. */
  emailReservationsSubjectMany: '{count} reservation updates',
  emailReservationsIntro: 'News about reservations on {product}:',
  emailOffersSubjectMany: '{count} offer updates',
  emailOffersIntro: 'News about offers on {product}:',
  emailSavedSearchesSubjectMany: '{count} new matches for your saved searches',
  emailSavedSearchesIntro: 'New listings on {product} match your saved searches:',
  emailOpenNotifications: 'See all your notifications',
  emailFooter: 'You get this e-mail because of your notification settings on {product}.',
  emailUnsubscribe: 'Stop these e-mails',
  unsubscribed:
    'You will no longer get these e-mails. You can turn them on again in your notification settings.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  emailMessageIntro: '{name} wrote to you about {title}:',
  emailSupportIntro: 'The {product} support team answered you:',
  emailMore: '… and {count} more.',
  emailSettings: 'Change which e-mails you get: {url}',
  unsubscribeTitle: 'Stop e-mails',
  unsubscribeQuestion: 'Stop e-mails about: {kind}?',
  /** The offline page the installed app shows when the network is gone. */
  offlineTitle: 'You are offline',
  offlineText: 'Rummage needs a connection for this page. Check your connection and try again.',
  offlineRetry: 'Try again',
  /** Refusals. */
  readInvalid: 'Send { "ids": [...] } with notification ids, or { "all": true }.',
  preferencesInvalid:
    'Send email and push, each with messages, support, follows, garageSales, likes, reservations, savedSearches and offers as true or false.',
  subscriptionInvalid: 'The push subscription is not valid.',
  subscriptionEndpointInvalid: 'The push subscription endpoint must be an absolute URL.',
  subscriptionEndpointRefused: 'The push subscription endpoint must be a public https address.',
  subscriptionEndpointTimeout:
    "The push service's address could not be looked up in time. Please try turning push on again in a moment.",
  subscriptionKeyInvalid: 'The push subscription key (p256dh) must be an uncompressed P-256 public key.',
  subscriptionAuthInvalid: 'The push subscription secret (auth) must be 16 bytes.',
  noPushSubscription: 'Push notifications are not turned on on any of your devices.',
} as const;
