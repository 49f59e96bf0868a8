/** Garage-sale texts the SPEC does not quote. */
export const GARAGE_TEXT = {
  close: 'Close',
  address: 'sale address',
  startDate: 'start date',
  endDate: 'end date',
  startTime: 'start time',
  endTime: 'end time',
  hour: 'hour',
  minute: 'minute',
  period: 'AM or PM',
  itemsLegend: 'items buyers can expect',
  creating: 'Creating…',
  createTitle: 'Create Garage Sale - {product}',
  detailTitle: 'Garage Sale - {product}',
  notFoundTitle: 'This garage sale is not available',
  backToMarketplace: 'Back to marketplace',
} as const;

/** The fixed checklist of things a garage sale offers (the SPEC keeps its contents open). */
export const GARAGE_ITEMS = [
  'Furniture',
  'Clothes',
  'Shoes',
  'Toys',
  'Books',
  'Electronics',
  'Kitchenware',
  'Tools',
  'Appliances',
  'Decor',
  'Sports gear',
  'Antiques',
] as const;
