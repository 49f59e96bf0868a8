import type { ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '@rummage/contract';
import { ProductCard } from './ProductCard';
import { useTexts } from '../../shared/i18n/useTexts';

/** The first row on any screen (4 columns from 1024 px): their photos load at once, the rest when near. */
const FIRST_ROW = 4;

/**
 * Product cards in 2 columns on small screens, 3 from 768 px and 4 from 1024 px (docs/product.md §2).
 * `leadingItems` are `<li>` elements placed before the products (the marketplace's garage-sale cards);
 * `renderActions` adds controls under a card (the profile's Mark Sold / edit).
 */
export function ProductGrid({
  products,
  label,
  leadingItems,
  renderActions,
  onOpen,
}: {
  products: readonly ProductCardData[];
  /** Accessible name of the list. */
  label?: string;
  leadingItems?: ReactNode;
  renderActions?: (product: ProductCardData) => ReactNode;
  onOpen?: (product: ProductCardData) => void;
}) {
  const texts = useTexts();
  return (
    <ul
      aria-label={label ?? texts.home.listLabel}
      className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4"
    >
      {leadingItems}
      {products.map((product, index) => (
        <li key={product.id} className="flex flex-col gap-2">
          <div className="flex-1">
            <ProductCard product={product} onOpen={onOpen} eager={index < FIRST_ROW} />
          </div>
          {renderActions?.(product)}
        </li>
      ))}
    </ul>
  );
}
