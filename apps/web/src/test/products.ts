import type { FeedResponse, ProductCard } from '@rummage/contract';

/** A listing as the feed returns it; `overrides` change single fields. */
export function productCard(id: number, overrides: Partial<ProductCard> = {}): ProductCard {
  const title = overrides.title ?? `Item ${id}`;
  return {
    id,
    productId: id,
    title,
    name: title,
    price: 10,
    mainImage: `/uploads/products/${id}-thumb.webp`,
    image: `/uploads/products/${id}-thumb.webp`,
    images: [`/uploads/products/${id}-large.webp`],
    views: 0,
    likesCount: 0,
    posted: '2026-11-20T10:00:00.000Z',
    location: 'Chicago, IL',
    latitude: 41.88,
    longitude: -87.63,
    userId: 5,
    sellerId: 5,
    userName: 'seller',
    userImageUrl: null,
    isSold: false,
    categoryId: null,
    categoryTitle: null,
    reservedUntil: null,
    isReservedForCurrentUser: false,
    ...overrides,
  };
}

/** Products with ids from `first` to `first + count - 1`. */
export function productRange(first: number, count: number): ProductCard[] {
  return Array.from({ length: count }, (_, index) => productCard(first + index));
}

export function feedPage(
  data: ProductCard[],
  page = 1,
  before = '2026-11-21T12:00:00.000Z',
  suggestion: string | null = null,
): FeedResponse {
  return { data, page, pageSize: data.length, before, suggestion };
}
