/** What other features may use of the feed: its cards, grid, paging and price text. */
export { FeedSpinner } from './FeedSpinner';
export { useFormatPrice } from './formatPrice';
export { ProductCard } from './ProductCard';
export { ProductGrid } from './ProductGrid';
export { useInfiniteScroll } from './useInfiniteScroll';
export { FEED_QUERY_KEY, feedArea, useProductFeed } from './useProductFeed';
