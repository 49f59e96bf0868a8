/**
 * Location texts the SPEC does not quote. They live here, beside the only code that uses them,
 * until the lead decides whether they belong in the contract's `messages`.
 */
export const LOCATION_TEXT = {
  /** Accessible name of a location field that has neither a label nor a placeholder. */
  fieldFallbackName: 'Location',
  noMatches: 'No matching cities',
  close: 'Close',
  radiusInvalid: 'Please enter a radius greater than 0 miles.',
  useCurrentLocation: 'Use my current location',
  locating: 'Finding your location…',
  currentlySet: 'Current location:',
} as const;
