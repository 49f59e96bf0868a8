/**
 * What the API says of a query or path parameter it cannot read (`?page=abc`, `/api/Product/x`): texts a client's
 * developer meets more than a person, still said in the person's language like every other answer. Part of
 * `messages` (messages.ts), kept apart as the vocabulary of the API's own parameters, named as the API names them.
 */
export const requestMessages = {
  idInvalid: 'Ids are positive whole numbers.',
  pageInvalid: 'page must be a whole number from 1 to 10000.',
  pageSizeRange: 'pageSize must be a whole number from 1 to {max}.',
  /** The feed caps a larger page size instead of refusing it. */
  pageSizeInvalid: 'pageSize must be a whole number of at least 1.',
  limitRange: 'limit must be a whole number from 1 to {max}.',
  latitudeInvalid: 'latitude must be between -90 and 90.',
  longitudeInvalid: 'longitude must be between -180 and 180.',
  /** GET /api/Geo/reverse names its coordinates lat and lng. */
  latInvalid: 'lat must be a latitude between -90 and 90.',
  lngInvalid: 'lng must be a longitude between -180 and 180.',
  radiusInvalid: 'radiusKm must be a positive number of kilometres.',
  searchTooLong: 'The search text is too long.',
  beforeInvalid: 'before must be an ISO 8601 date-time.',
  isSoldInvalid: 'isSold must be true or false.',
};
