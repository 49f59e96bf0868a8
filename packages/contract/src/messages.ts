/**
 * Every user-facing text the SPEC quotes, in one object, so the server and the browser say the same words. The
 * texts of notifications and saved searches are written in notification-messages.ts.
 * `{product}` and `{email}` are filled in with `fillText`.
 */
import type { DEFAULT_CATEGORIES } from './constants.js';
import { offerMessages } from './deal-messages.js';
import { notificationMessages, savedSearchMessages } from './notification-messages.js';
import { dealMessages, reviewMessages } from './rating-messages.js';
import type { GARAGE_ITEMS } from './schemas/garage.js';
import { staffMessages } from './staff-messages.js';

export const messages = {
  common: {
    fillFieldsProperly: 'Please fill all the fields properly.',
    somethingWentWrong: 'Something went wrong. Please try again.',
    notFound: 'Oops this page does not exist',
    goToHome: 'Go to Home',
    /** The close button of a message banner. */
    dismissMessage: 'Dismiss message',
    loginRequired: 'Please log in to continue.',
    forbidden: 'You are not allowed to do that.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    invalidRequest: 'The request is not valid.',
    payloadTooLarge: 'The request is too large.',
    unsupportedMediaType: 'This content type is not supported.',
    serverError: 'Something went wrong on our side. Please try again later.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
    /** A hub connection sent more calls than it may have waiting for an answer (docs/realtime.md, "Backpressure"). */
    tooManyAtOnce: 'Too many requests at once. Please wait for the earlier ones to finish, then try again.',
    resourceNotFound: 'We could not find what you were looking for.',
    invalidJson: 'The request body is not valid JSON.',
    conflict: 'This conflicts with data that changed meanwhile. Please refresh and try again.',
  },
  /**
   * How long ago something happened, as dayjs's relativeTime says it (docs/product.md §9: "a few seconds" up to
   * 44 s, "a minute" up to 89 s, "{count} minutes" up to 44 min, "an hour" up to 89 min, "{count} hours" up to 21 h,
   * "a day" up to 35 h, "{count} days" up to 25 days, "a month" up to 45 days, "{count} months" up to 10 months, "a
   * year" up to 17 months, then "{count} years"; apps/web/src/shared/ui/relativeTime.ts).
   */
  relativeTime: {
    secondsAgo: 'a few seconds ago',
    minuteAgo: 'a minute ago',
    minutesAgo: '{count} minutes ago',
    hourAgo: 'an hour ago',
    hoursAgo: '{count} hours ago',
    dayAgo: 'a day ago',
    daysAgo: '{count} days ago',
    monthAgo: 'a month ago',
    monthsAgo: '{count} months ago',
    yearAgo: 'a year ago',
    yearsAgo: '{count} years ago',
    /** The same spans without "ago": how old an account is ("3 hours"). */
    seconds: 'a few seconds',
    minute: 'a minute',
    minutes: '{count} minutes',
    hour: 'an hour',
    hours: '{count} hours',
    day: 'a day',
    days: '{count} days',
    month: 'a month',
    months: '{count} months',
    year: 'a year',
    years: '{count} years',
  },
  titles: {
    home: '{product} - Official Site',
    marketplace: 'Marketplace - {product}',
    login: 'Login - {product}',
    register: 'Register',
  },
  home: {
    searchPlaceholder: 'thrift anything nearby!',
    searchButton: 'search',
    tagline: 'a community for people who love to thrift',
    noListingsTitle: 'No Listings Nearby',
    noListingsText: "We couldn't find any listings in your search area. Try changing your location.",
    /** The empty feed's offer of the nearest spelling that finds something (docs/product.md, "Search"). */
    didYouMean: 'Did you mean {suggestion}?',
    seeMore: 'See more',
    changeLocation: 'Change Location',
    createListing: 'Create Listing',
  },
  header: {
    setLocation: 'Set Location',
    forSale: 'For Sale',
    garageSale: 'Garage Sale',
    marketplace: 'Marketplace',
    sell: 'Sell',
    login: 'Login',
    followers: 'Followers',
    messages: 'Messages',
    myProfile: 'My Profile',
    logout: 'Logout',
    logoutEverywhere: 'Log out everywhere',
  },
  footer: {
    /** The language switch (footer, profile settings); each language is named in itself (LANGUAGE_NAMES). */
    language: 'Language',
    terms: 'terms of services',
    marketplace: 'marketplace',
    support: 'support',
    accessibility: 'accessibility',
  },
  location: {
    dialogTitle: 'Change Location',
    radiusLabel: 'Location Radius (miles)',
    /** The same where DISTANCE_UNIT=km. */
    radiusLabelKm: 'Location Radius (km)',
    updateRadius: 'Update Radius',
    cityPlaceholder: 'Enter your city',
    unavailable: 'Location unavailable',
    required: 'Location is required.',
  },
  login: {
    username: 'username',
    password: 'password',
    resetPassword: 'reset password',
    fillFieldsProperly: 'Please fill all the fields properly',
    unexpected: 'Unexpected error. Please try again.',
    failed: 'Login failed. Please check your credentials and try again.',
    invalidCredentials: 'Invalid username or password.',
    banned: 'This account has been suspended. Contact {email} if you think this is a mistake.',
    success: 'Login successful!',
    loggedOut: 'You have been logged out.',
    loggedOutEverywhere: 'You have been logged out on every device.',
    /** A live connection whose session ended without a reason the server still knows (found by the periodic check). */
    sessionEnded: 'Your session has ended. Please log in again.',
    /** A live connection whose role changed: it reconnects, and the new connection reads the new role. */
    roleChanged: 'Your account access has changed.',
  },
  register: {
    tabLogin: 'Log In',
    tabRegister: 'Register',
    usernameRequired: 'Username is required.',
    usernameChars: 'Username can only contain letters and numbers.',
    locationRequired: 'Location is required.',
    emailInvalid: 'Please enter a valid email.',
    passwordRule:
      'Password must be at least 6 characters and contain an uppercase letter, a number and one non alphanumeric character.',
    phoneRequired: 'Phone number is required.',
    phoneInvalid: 'Please enter a valid phone number.',
    captchaRequired: 'Please verify you are not a robot.',
    termsRequired: 'You must accept the terms and conditions.',
    success: 'Registration successful!',
    failed: 'An error occurred during registration.',
    usernameTaken: 'This username is already taken.',
    emailTaken: 'An account with this email already exists.',
  },
  passwordReset: {
    requestButton: 'Request reset link',
    emailInvalid: 'Please enter a valid email address',
    sent: 'Reset instructions sent. Please check your email.',
    failed: 'Something went wrong. Please try again.',
    setNewPassword: 'Set new password',
    tokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
    passwordChanged: 'Your password has been changed. Please log in.',
    /** The e-mail with the link; `{minutes}` is how long the link works. */
    emailSubject: 'Reset your {product} password',
    emailBody:
      'Hello {username},\n\nsomeone (hopefully you) asked to reset the password of your {product} account.\nOpen this link within {minutes} minutes to choose a new password:\n\n{link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays the same.\n',
  },
  /** Verified e-mail (docs/product.md §15): the link, its page, the reminder and what waits for it. */
  emailVerification: {
    pageTitle: 'Verify your e-mail',
    checking: 'Checking your link…',
    verified: 'Your e-mail address is verified. Thank you!',
    tokenInvalid:
      'This verification link has expired or was already used. Sign in and send a new one from your profile.',
    sent: 'We sent a verification link to {email}. It works for 24 hours.',
    alreadyVerified: 'Your e-mail address is already verified.',
    dailyLimit: 'This address has had 3 verification e-mails today. Please try again tomorrow.',
    required:
      'Please verify your e-mail address first: open the link we sent you, or send a new one from your profile.',
    disposable:
      'Please use a permanent e-mail address: addresses at disposable-mail services are not accepted.',
    badge: 'E-mail verified',
    reminder: 'Please verify your e-mail address: open the link we sent to {email}.',
    resend: 'Send the link again',
    toProfile: 'Go to your profile',
    toLogin: 'Log In',
    emailSubject: 'Confirm your e-mail address for {product}',
    emailBody:
      'Hello {username},\n\nplease confirm that {email} is your address on {product} by opening this link within 24 hours:\n\n{link}\n\nUntil then {product} sends this address nothing but this link and password resets. If you did not sign up, ignore this e-mail: nothing more will be sent.\n',
  },
  profile: {
    edit: 'edit',
    myStore: 'my store',
    soldItems: 'sold items',
    emptyStore: 'Start selling and making extra pocket money',
    getStarted: 'Get Started',
    emptySold: 'Sold items will show here',
    missingUpload: 'Missing user ID or image file.',
    profilePhotoFailed: 'Failed to upload profile photo. Please try again.',
    coverPhotoFailed: 'Failed to upload cover photo. Please try again.',
    profilePhotoType: 'Only JPG, JPEG, and PNG images are allowed.',
    userNotFound: 'User not found.',
    updateFailed: 'Failed to update profile. Please try again.',
    updated: 'Profile updated successfully!',
    usernameRequired: 'Username is required',
    usernameChars: 'Username can only contain letters and numbers (no spaces or special characters).',
    emailRequired: 'Email is required',
    emailNoSpaces: 'Email cannot contain spaces.',
    emailInvalid: 'Please enter a valid email address.',
    addressRequired: 'Address is required',
    thrifterSince: 'thrifter since',
    views: 'views',
    itemsSold: 'items sold',
    followers: 'followers',
    sell: 'sell',
    menu: 'menu',
    cannotFollowSelf: 'You cannot follow yourself.',
    followed: 'You are now following {username}.',
    unfollowed: 'You unfollowed {username}.',
    follow: 'follow',
    unfollow: 'unfollow',
    profilePhotoUpdated: 'Profile photo uploaded successfully!',
    coverPhotoUpdated: 'Cover photo uploaded successfully!',
    notYourProfile: 'You can only change your own profile.',
    notFound: 'This user does not exist.',
    /** The language a person saves on their account (update-user-details `language`). */
    languageInvalid: 'Please choose one of the languages offered.',
    /** The edit-profile form's language choice when none is saved: the browser's languages decide. */
    languageBrowser: 'My browser’s language',
    languageHint: 'The site, your notifications and e-mails are in this language.',
    /** The footer's language switch could not save a signed-in person's choice on their account. */
    languageSaveFailed: 'Your language could not be saved. Please try again.',
  },
  listing: {
    imageRequired: 'Please attach at least one image.',
    fillFieldsProperly: 'Please fill all the fields properly.',
    pickupRequired: 'Please select a pickup location.',
    priceInvalid: 'Price must be a valid number.',
    imageType: 'Only JPG, JPEG, and PNG files are allowed.',
    createFailed: 'Something went wrong while submitting.',
    updateFailed: '❌ Something went wrong. Please try again.',
    soldStatusFailed: 'Failed to update product status.',
    markSold: 'Mark Sold',
    markAvailable: 'Mark Available',
    confirm: 'are you sure?',
    loginFirst: 'Alert! Please login first.',
    linkCopied: 'Product link copied to clipboard!',
    messageSent: 'Your message has been sent!',
    messageFailed: 'Failed to send message. Please try again.',
    loginToReport: 'Login to report',
    report: 'Report',
    reported: 'Reported successfully',
    alreadyReported: 'You have already reported this product',
    reportFailed: 'Failed to report product. Please try again.',
    reportError: 'An error occurred while reporting',
    detailsHeading: 'listing details',
    editHeading: 'edit listing',
    delete: 'Delete',
    titleTooLong: 'Title must be at most 80 characters.',
    /** The count under the title field; `{max}` is LISTING_LIMITS.titleMax. */
    titleLength: '{count} of {max} characters',
    descriptionTooLong: 'Description must be at most 2000 characters.',
    priceRange: 'Price must be a number from 0 to 1,000,000 with at most two decimals.',
    categoryInvalid: 'Please choose a valid category.',
    tooManyImages: 'You can attach up to {max} images.',
    notFound: 'This listing does not exist or is no longer available.',
    notOwner: 'Only the seller can change this listing.',
    cannotReportOwn: 'You cannot report your own listing.',
    reportReasonTooLong: 'Please keep the reason under 500 characters.',
    created: 'Your listing is live!',
    updated: 'Listing updated.',
    deleted: 'Listing deleted.',
    statusUpdated: 'Listing status updated.',
    locationIncomplete: 'Send both latitude and longitude, or neither.',
    /** Reserve for a buyer (docs/product.md §12); `{name}` is the buyer, `{time}` the local end of the hold. */
    reserveNotSeller: 'Only the seller can reserve this listing.',
    reserveNoChat: 'You can only reserve this listing for someone who has a chat with you about it.',
    reserveSold: 'This listing is sold, so it cannot be reserved.',
    reserved: 'Reserved',
    reservedForYou: 'Reserved for you until {time}',
    reservedUntil: 'Reserved until {time}',
    reserveFor: 'Reserve for {name}',
    release: 'Release',
    releaseLabel: 'Release the reservation for {name}',
    released: 'Reservation released.',
    reserveFailed: 'The reservation could not be changed. Please try again.',
  },
  garage: {
    addressPlaceholder: 'enter sale address',
    create: 'create',
    note: "your listing will automatically be removed once your set sale time is over you don't have to do anything",
    endBeforeStart: 'End time can not be less than start time',
    created: 'Garage sale created successfully!',
    deleteFailed: 'Failed to delete garage sale.',
    timeLeft: 'time left',
    directionLocked: 'Direction locked until event time',
    live: 'Live event',
    liveText: 'Garage sale is now active and receiving buyers',
    noValidDate: 'No valid event date/time',
    openMaps: 'open google maps',
    itemsToExpect: 'Items to Expect',
    viewMore: 'view more',
    formTag: 'sell',
    formTitle: 'create garage sale',
    headline: 'Garage Sale in {place}',
    days: 'Days',
    hours: 'Hours',
    minutes: 'Minutes',
    seconds: 'Seconds',
    startInPast: 'The sale can not start in the past.',
    endInPast: 'The sale can not end in the past.',
    itemsInvalid: 'Please choose the items from the list.',
    titleTooLong: 'The sale address must be at most 200 characters.',
    notFound: 'This garage sale does not exist or has already ended.',
    notOwner: 'Only the host can delete this garage sale.',
    deleted: 'Garage sale deleted.',
    alreadyGone: 'This garage sale has already ended or was removed.',
    /** Garage sales are public events: unlike listings, their point is never made approximate (docs/security.md). */
    exactAddressNote: 'Garage sales are public events: everyone sees the exact address you enter.',
    // The create form.
    close: 'Close',
    address: 'sale address',
    startDate: 'start date',
    endDate: 'end date',
    startTime: 'start time',
    endTime: 'end time',
    /** The hint under a date field, which is typed yyyy-mm-dd. */
    dateFormat: 'year-month-day',
    calendarStart: 'Open calendar for the first day',
    calendarEnd: 'Open calendar for the last day',
    itemsLegend: 'items buyers can expect',
    /** The checklist's items by their stored (English) name, so each language names them in its own words. */
    itemNames: {
      Furniture: 'Furniture',
      Clothing: 'Clothing',
      Toys: 'Toys',
      Books: 'Books',
      Kitchenware: 'Kitchenware',
      Tools: 'Tools',
      Electronics: 'Electronics',
      Antiques: 'Antiques',
      Art: 'Art',
      Jewelry: 'Jewelry',
      'Sports gear': 'Sports gear',
      'Baby items': 'Baby items',
      Garden: 'Garden',
      Collectibles: 'Collectibles',
      Appliances: 'Appliances',
    } satisfies Record<(typeof GARAGE_ITEMS)[number], string>,
    creating: 'Creating…',
    createTitle: 'Create Garage Sale - {product}',
    // The detail page.
    detailTitle: 'Garage Sale - {product}',
    detailNamedTitle: '{headline} - {product}',
    notFoundTitle: 'This garage sale is not available',
    backToMarketplace: 'Back to marketplace',
    loading: 'Loading garage sale',
    loadFailed: 'We could not load this garage sale. Please try again later.',
    /** When a sale starts, `{time}` its clock time ("9:00 AM"). */
    todayAt: 'Today at {time}',
    tomorrowAt: 'Tomorrow at {time}',
    yesterdayAt: 'Yesterday at {time}',
    /** `{time}` when the sale ends. */
    until: 'until {time}',
    /** The start on the sale's own clock when it reads differently from the viewer's: `{time}` "9:00 AM CST". */
    saleTime: '{time} at the sale',
    /** The countdown as a screen reader says it, `{time}` "1 day, 2 hours, 3 minutes, 4 seconds". */
    timerLabel: 'Time left until the sale starts: {time}',
    spokenDay: '{count} day',
    spokenDays: '{count} days',
    spokenHour: '{count} hour',
    spokenHours: '{count} hours',
    spokenMinute: '{count} minute',
    spokenMinutes: '{count} minutes',
    spokenSecond: '{count} second',
    spokenSeconds: '{count} seconds',
    /**
     * The create form's 12-hour picker: its three selects, each named after its field (`{label}` "start time").
     * After the spoken countdown's units, so "2 hours" is never taken for a field named "2".
     */
    hourOf: '{label} hour',
    minuteOf: '{label} minute',
    periodOf: '{label} AM or PM',
    hostHeading: 'host',
    mapHeading: 'location',
    mapLabel: 'Map of the garage sale location',
    mapDialogTitle: 'Garage sale location: {address}',
    closeMap: 'Close map',
    opensNewTab: '(opens in a new tab)',
    moreSales: 'More garage sales from @{name}',
    moreItems: 'For sale by @{name}',
    // Cards and the marketplace strip.
    startsIn: 'Starts in',
    startsInSpoken: 'Starts in {time}',
    liveBadge: 'LIVE',
    liveNow: 'Live now',
    stripHeading: 'Garage sales',
    previous: 'Previous garage sales',
    next: 'Next garage sales',
    // A profile's and a product page's garage sales.
    mySales: 'My garage sales',
    newSale: 'new garage sale',
    hostSales: 'Garage sales',
    sellerSales: 'Garage sales by @{name}',
    delete: 'delete',
    /** The delete button's name, `{headline}` the sale's ("Garage Sale in Chicago, IL"). */
    deleteSaleLabel: 'delete: {headline}',
    deleteQuestion: 'Delete this garage sale?',
    deleteText: 'The garage sale in {place} is removed for everyone.',
    deleting: 'Deleting…',
    cancel: 'Cancel',
    salesFailed: 'We could not load these garage sales. Please try again later.',
  },
  /**
   * "Plan my route": the quickest order to visit the garage sales a buyer picked. `{count}`, `{max}` are numbers,
   * `{name}` a sale's title, times and durations are written by the route page.
   */
  garageRoute: {
    // The add/remove toggle on garage-sale cards and the detail page.
    addToRoute: 'Add to route',
    removeFromRoute: 'Remove from route',
    planRouteLink: 'Plan my route ({count})',
    routeFull: 'Your route already has {max} sales. Remove one to add this sale.',
    // Why no order reaches every sale.
    tooManyStops:
      'A route can take up to {max} sales at a time; you picked {count}. Remove {extra} to plan it.',
    alreadyClosed: '{name} has already closed (it closed at {closes}).',
    closesBeforeArrival: '{name} closes at {closes}, before you can get there (earliest arrival {arrive}).',
    pairConflict:
      '{a} and {b} can’t both fit: after {a} you would reach {b} at {arriveB}, after it closes at {closesB}; starting with {b}, you would reach {a} at {arriveA}, after it closes at {closesA}.',
    groupConflict:
      '{names} can’t all be visited in time: any {smaller} of them fit, but no order reaches all {count} before they close.',
    stopFallbackName: 'Sale {id}',
    /** Joins the last two names of a list: "A, B and C". */
    and: 'and',
    // The page.
    pageTitle: 'Plan My Route - {product}',
    heading: 'Plan my route',
    intro:
      'The quickest order to visit the garage sales you picked, arriving at each one while it is open. Travel times are estimates from straight-line distance.',
    emptyTitle: 'No sales in your route yet',
    emptyText:
      'Use “Add to route” on garage sales in the marketplace or on a sale’s page, then come back here.',
    browseMarketplace: 'Browse the marketplace',
    loadingSales: 'Loading your sales',
    loadFailed: 'Some of your sales could not be loaded.',
    retry: 'Try again',
    goneNote: '{count} of the sales you picked has ended or was removed, so it is left out.',
    goneNotePlural: '{count} of the sales you picked have ended or were removed, so they are left out.',
    forgetGone: 'Forget them',
    // Settings.
    settingsHeading: 'Route settings',
    startingPoint: 'Starting point',
    startFromSaved: 'Starting from {address}.',
    savedLocationFallback: 'your saved location',
    noSavedLocation: 'You have no saved location, so the route starts at {name}.',
    setLocation: 'Set location',
    changeLocation: 'Change location',
    startTime: 'Leave at',
    minutesPerStop: 'Minutes at each sale',
    averageSpeed: 'Average speed (mph)',
    speedHint: 'About {kmh} km/h. Travel time assumes roads are {factor}× the straight-line distance.',
    invalidMinutes: 'Enter minutes between 0 and {max}.',
    invalidSpeed: 'Enter a speed between 1 and {max} mph.',
    // The same field where DISTANCE_UNIT=km: typed in km/h, so the hint names only the road factor.
    averageSpeedKmh: 'Average speed (km/h)',
    roadFactorHint: 'Travel time assumes roads are {factor}× the straight-line distance.',
    invalidSpeedKmh: 'Enter a speed between 1 and {max} km/h.',
    invalidStartTime: 'Enter a date and time to leave.',
    // The plan.
    planHeading: 'Your route',
    summary: '{count} stops · {distance} · about {duration}, done by {finish}',
    summaryOne: '1 stop · {distance} · about {duration}, done by {finish}',
    infeasibleHeading: 'No order reaches every sale in time',
    bestPartial: 'The best plan below visits {visited} of {total} sales.',
    noPartial: 'None of the sales can be reached in time from this start.',
    missedHeading: 'Can’t fit',
    firstWait: 'You would wait {duration} at the first sale for it to open.',
    leaveLater: 'Leave at {time} instead',
    orderLabel: 'Visiting order',
    arrive: 'Arrive',
    wait: 'wait {duration}',
    leave: 'leave',
    travel: '{duration} drive · {distance}',
    open: 'Open',
    /** `{time}` the same time on the sale's own clock ("9:05 AM CDT"). */
    saleZone: '{time} sale time',
    removeStop: 'Remove {name} from route',
    remove: 'Remove',
    openInMaps: 'Open route in maps',
    opensNewTab: '(opens in a new tab)',
    mapLabel: 'Route map',
    startMarker: 'Start',
    miles: '{value} mi',
    /** A distance where DISTANCE_UNIT=km; `{value}` "2.4". */
    kilometres: '{value} km',
    minutesShort: '{minutes} min',
    hoursMinutes: '{hours} h {minutes} min',
  },
  /** Private pickup spots (docs/product.md §15, docs/security.md). */
  pickupPrivacy: {
    approximateArea: 'Approximate area (about 500 m). The exact spot is shared in chat.',
    exactForSeller: 'Your exact pickup spot. Buyers see only the approximate area.',
    exactForReservedBuyer: 'Reserved for you: this is the exact pickup spot.',
    openInMaps: 'Open in maps',
    /** What a screen reader calls the listing's map: the circle a buyer sees, or the pin the seller and the
     * buyer it is reserved for see. */
    areaMapLabel: 'Map of the approximate meetup area',
    exactMapLabel: 'Map of the exact pickup spot',
    /** A distance to a listing, rounded to the nearest half mile (formatApproximateMiles); `{miles}` "1.5". */
    milesAway: '{miles} mi away',
    underHalfMileAway: 'Less than 0.5 mi away',
    /** Where DISTANCE_UNIT=km: rounded to the nearest kilometre (formatApproximateDistance); `{km}` "2". */
    kmAway: '{km} km away',
    underOneKmAway: 'Less than 1 km away',
  },
  /** Scam and spam warnings in chat (docs/product.md §16): what the recipient reads under a message, by kind. */
  safety: {
    offPlatform:
      'Careful: this person wants to move the conversation off Rummage. Keep talking here until you have met and seen the item.',
    verificationCode: 'Never share a verification code. Rummage will never ask you for one.',
    lookalikeLink:
      'This link only looks like this site. Do not open it, and never sign in or pay through a link someone sends you.',
    paymentLink:
      'Careful with links: never pay or enter card details through a link someone sends you. Pay in person when you see the item.',
    advancePayment: 'Never pay a deposit, a courier or a fee before you have seen the item.',
    overpayment:
      'Never refund an overpayment: checks and transfers for more than the price are a known scam.',
    giftCard: 'Nobody honest pays or asks to be paid in gift cards.',
    crypto: 'Careful: cryptocurrency payments cannot be taken back. Pay in person when you see the item.',
    qrCode: 'Never scan a QR code to receive money: getting paid never needs one.',
    spam: 'This message looks like spam or a scam. Do not open its links or send personal details.',
    /** Under a warned message, for screen readers and the label of the warning icon. */
    label: 'Safety warning',
    /** Shown once at the top of a new conversation in the web app. */
    noteTitle: 'Stay safe',
    note: 'Meet in a public place, never pay before you have seen the item, and never share a code you receive.',
    /** The sender's answer for a message held for a check (data.held: true). */
    held: 'Your message will be delivered after a check.',
  },
  inbox: {
    heading: 'messages',
    deleteConfirm: 'Are you sure you want to delete this chat?',
    emptyTitle: 'welcome to your inbox. you can chat with people you message here.',
    emptyText: 'Start a chat about your next thrift buy',
    goToMarketplace: 'go to marketplace',
    seen: 'Seen',
    unseen: 'Unseen',
  },
  chat: {
    safetyNotice: 'do not share any personal information or click on any links',
    inputPlaceholder: 'enter your Message',
    send: 'send',
    loadFailed: 'Unable to load chat data.',
    loadFailedHint: 'Please check your connection or try again later.',
    empty: 'Please type a message.',
    tooLong: 'Messages can be at most 2000 characters.',
    self: 'You cannot message yourself.',
    productNotFound: 'This listing does not exist or is no longer available.',
    notParticipant: 'You can only chat about a listing you sell or asked about.',
    newChatsLimited: 'You are starting chats too quickly. Please wait a while before messaging someone new.',
    unansweredLimited: 'Please wait for an answer before sending more messages.',
    deleted: 'Chat deleted.',
    markedRead: 'Chat marked as read.',
    notFound: 'This chat does not exist.',
    userNotFound: 'This person can no longer receive messages.',
    /** Shown instead of the name of someone whose account was deleted; their messages stay in the other side's chat. */
    deletedUser: 'Deleted user',
    notConnected: 'Reconnecting… you can send again once the connection is back.',
    clientMessageIdInvalid: 'clientMessageId must be 1 to 64 letters, digits, hyphens or underscores.',
  },
  followers: {
    heading: 'followers',
    emptyTitle: 'People who follow you will show here',
    emptyText: "Like and follow other people's posts to gain followers!",
    caughtUp: "You're all caught up!",
    locatedIn: 'Located in {place}',
    thrifterSince: 'thrifter since',
    /** The page's tab title, what screen readers hear while it loads, the list's name and a follower's photo. */
    documentTitle: 'Followers - {product}',
    loading: 'Loading followers',
    loadingMore: 'Loading more followers',
    photoAlt: 'Profile photo of {username}',
    listLabel: 'People who follow you',
    /** The follow button's name where a list shows several ("follow @maria"); its visible label is profile.follow. */
    followNamed: 'follow @{username}',
    unfollowNamed: 'unfollow @{username}',
  },
  /** Blocking a person (docs/product.md §11). The blocked side learns no more than the refusal texts. */
  blocking: {
    block: 'Block',
    unblock: 'Unblock',
    /** The button's name, naming the person ("Block @maria"). */
    blockNamed: 'Block @{username}',
    unblockNamed: 'Unblock @{username}',
    cancel: 'Cancel',
    /** The confirmation before blocking; {username} is the person. */
    confirmBlock:
      'Block {username}? They will not be able to message or follow you, and you will no longer see their chats or listings.',
    confirmUnblock: 'Unblock {username}? They will be able to message and follow you again.',
    blocked: 'You blocked {username}.',
    unblocked: 'You unblocked {username}.',
    cannotBlockSelf: 'You cannot block yourself.',
    /** What a blocked person reads when messaging the person who blocked them: nothing more. */
    cannotMessage: "You can't message this person.",
    /** The same for an offer, either way round. */
    cannotOffer: "You can't make an offer to this person.",
    /** What a blocked person reads when following the person who blocked them. */
    cannotFollow: "You can't follow this person.",
    /** What a seller reads when reserving a listing for a buyer who blocked them. */
    cannotReserve: "You can't reserve this for this person.",
    listTitle: 'Blocked people',
    listIntro: 'People you blocked cannot message or follow you, and you do not see their chats or listings.',
    listEmpty: 'You have not blocked anyone.',
    listLoading: 'Loading the people you blocked',
    listFailed: 'The people you blocked could not be loaded. Please try again.',
    actionFailed: 'That did not work. Please try again.',
    blockedSince: 'blocked {date}',
    documentTitle: 'Blocked people - {product}',
  },
  support: {
    title: 'thrift support',
    greeting: 'hello, @{username} to your',
    help: 'how can we help?',
    send: 'send',
    submitting: 'Submitting...',
    failed: 'Failed to submit ticket. Please try again.',
    tooLong: 'Please keep your message under 2000 characters.',
    alreadyOpen: 'You already have an open ticket. Our team will answer you there.',
    notFound: 'This ticket does not exist.',
    notYours: 'You can only see your own tickets.',
    closed: 'This ticket is closed. Open a new one if you still need help.',
    unansweredLimited: 'Please wait for our answer before sending more messages.',
    accountName: '{product} support',
    issues: {
      'system-bug': 'system bug',
      'another-thrifter': 'another thrifter',
      'a-product': 'a product',
      'something-else': 'something else',
    },
    /** The support page's own words beyond the SPEC: the tab title, the form's fields and the ticket's chat. */
    documentTitle: 'Support - {product}',
    issueLabel: 'issue',
    issuePlaceholder: 'choose an issue',
    descriptionLabel: 'description',
    descriptionPlaceholder: 'tell us what happened',
    dateLabel: 'date',
    thrifterLabel: 'thrifter',
    conversation: 'Support conversation',
    messageList: 'Support messages',
    messageLabel: 'Message',
    noMessages: 'No messages yet.',
    sending: 'sending…',
    notSent: 'not sent',
    connecting: 'Connecting to support…',
    disconnected: 'The connection to support was lost.',
    reconnect: 'Reconnect',
    retry: 'Try again',
  },
  /** The staff console (beyond the SPEC): ticket queue, report moderation, bans and roles. */
  staff: staffMessages,
  /** A person's own data: download it, delete the account (docs/product.md, "Your data"). */
  accountData: {
    download: 'Download my data',
    downloadFailed: 'Your data could not be downloaded. Please try again.',
    deleteAccount: 'Delete my account',
    deleteTitle: 'Delete your account?',
    deleteText:
      'Your profile, listings and their photos, garage sales, likes and follows are removed for good. People you chatted with keep the chat, shown from "Deleted user". Enter your password to confirm.',
    passwordLabel: 'Your password',
    passwordRequired: 'Please enter your password.',
    wrongPassword: 'The password is not correct.',
    confirmDelete: 'Delete my account',
    deleted: 'Your account has been deleted.',
    /** Staff console. */
    staffDeleted: 'Account deleted. Their listings, photos, sales, likes and follows are gone.',
    cannotDeleteSelf: 'Use Delete my account on your own profile instead.',
    cannotDeleteStaff: 'Only an admin can delete a staff account, and admin accounts cannot be deleted here.',
  },
  savedSearches: savedSearchMessages,
  notifications: notificationMessages,
  /** Offers and counter-offers (docs/product.md §18). */
  offers: offerMessages,
  /** The deal a sale to someone records (docs/product.md §19). */
  deals: dealMessages,
  /** Two-way ratings after a handover (docs/product.md §20). */
  reviews: reviewMessages,
  categories: {
    loadFailed: 'Failed to load categories',
    /**
     * The demo data's categories by their stored (English) title, so each language names them in its own words;
     * a category an operator adds is shown as they wrote it.
     */
    names: {
      Clothes: 'Clothes',
      Hats: 'Hats',
      Vintage: 'Vintage',
      Artwork: 'Artwork',
      Shoes: 'Shoes',
      Antiques: 'Antiques',
      Furniture: 'Furniture',
      Tools: 'Tools',
      Appliances: 'Appliances',
      Jewelry: 'Jewelry',
    } satisfies Record<(typeof DEFAULT_CATEGORIES)[number], string>,
  },
  /** Image upload refusals beyond the SPEC's type messages; `{size}` and `{megapixels}` come from the server's limits. */
  images: {
    tooLarge: 'Each image must be at most {size} MB.',
    tooManyPixels: 'This image is too large. Please use one under {megapixels} megapixels.',
    unreadable: 'This image could not be read. It may be damaged; please try another file.',
  },
} as const;

/** Fills `{product}`, `{email}` and any other `{name}` placeholder. Unknown names stay as they are. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
