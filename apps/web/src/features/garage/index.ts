/** What other features may use of garage sales: cards, the marketplace strip, the queries and texts. */
export { salePlace, useDeleteGarageSale, useMarketplaceSales, useUserGarageSales } from './api';
export { GarageSaleCard } from './GarageSaleCard';
export { GarageGridCards, GarageStrip, RouteLinkRow } from './GarageStrip';
export { useLiveSales } from './useLiveSales';
