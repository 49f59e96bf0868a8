/**
 * "Plan my route" texts. The feature goes beyond the SPEC, so none of these are SPEC quotes; they live
 * beside the only code that uses them. `{name}` placeholders are filled with the contract's `fillText`.
 */
export const ROUTE_TEXT = {
  // The add/remove toggle on garage-sale cards and the detail page.
  addToRoute: 'Add to route',
  removeFromRoute: 'Remove from route',
  planRouteLink: 'Plan my route ({count})',
  routeFull: 'Your route already has {max} sales. Remove one to add this sale.',

  // Planner explanations.
  tooManyStops:
    'A route can take up to {max} sales at a time; you picked {count}. Remove {extra} to plan it.',
  alreadyClosed: '{name} has already closed (it closed at {closes}).',
  closesBeforeArrival: '{name} closes at {closes}, before you can get there (earliest arrival {arrive}).',
  pairConflict:
    '{a} and {b} can’t both fit: after {a} you would reach {b} at {arriveB}, after it closes at {closesB}; starting with {b}, you would reach {a} at {arriveA}, after it closes at {closesA}.',
  groupConflict:
    '{names} can’t all be visited in time: any {smaller} of them fit, but no order reaches all {count} before they close.',
  stopFallbackName: 'Sale {id}',
  and: 'and',

  // Page.
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
  invalidStartTime: 'Enter a date and time to leave.',

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
  stopNumber: 'Stop {number}',
  arrive: 'Arrive',
  wait: 'wait {duration}',
  leave: 'leave',
  travel: '{duration} drive · {distance}',
  open: 'Open',
  saleZone: '{time} sale time',
  removeStop: 'Remove {name} from route',
  remove: 'Remove',
  openInMaps: 'Open route in maps',
  opensNewTab: '(opens in a new tab)',
  mapLabel: 'Route map',
  startMarker: 'Start',
  miles: '{value} mi',
  minutesShort: '{minutes} min',
  hoursMinutes: '{hours} h {minutes} min',
} as const;
