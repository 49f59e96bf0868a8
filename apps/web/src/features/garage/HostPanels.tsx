import { fillText, type GarageSale } from '@rummage/contract';
import { ProductCard } from '../feed';
import { useSellerItems } from '../listings';
import { PersonCard } from '../../shared/ui/PersonCard';
import { useUserGarageSales } from './api';
import { GarageSaleCard } from './GarageSaleCard';
import { useTexts } from '../../shared/i18n/useTexts';
import { useLiveSales } from './useLiveSales';

/** How many of the host's other sales and items the page shows; the rest are on their profile. */
const MORE_SHOWN = 4;

/** The host's card on a garage sale. */
export function HostPanel({ sale, isOwn }: { sale: GarageSale; isOwn: boolean }) {
  const texts = useTexts();
  return (
    <PersonCard
      heading={texts.garage.hostHeading}
      userId={sale.userId}
      userName={sale.userName}
      imageUrl={sale.userImageUrl}
      thrifterSince={sale.thrifterSince}
      isOwn={isOwn}
    />
  );
}

/**
 * The host's other garage sales (this one left out) and unsold items, as cards (docs/product.md §2). Beside the sale
 * on wide screens, below it on small ones.
 */
export function HostMore({ sale }: { sale: GarageSale }) {
  const texts = useTexts();
  const sales = useLiveSales(useUserGarageSales(sale.userId).data, { deleteEnded: false });
  const items = useSellerItems(sale.userId).data ?? [];
  const others = sales.filter((other) => other.id !== sale.id).slice(0, MORE_SHOWN);
  const name = sale.userName;
  if (others.length === 0 && items.length === 0) return null;
  const salesHeading = fillText(texts.garage.moreSales, { name });
  const itemsHeading = fillText(texts.garage.moreItems, { name });
  const grid = 'grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-2';
  return (
    <div className="flex flex-col gap-6">
      {others.length > 0 && (
        <section aria-labelledby="garage-more-sales">
          <h2 id="garage-more-sales" className="mb-3 text-lg font-bold text-stone-900">
            {salesHeading}
          </h2>
          <ul aria-label={salesHeading} className={grid}>
            {others.map((other) => (
              <li key={other.id}>
                <GarageSaleCard sale={other} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length > 0 && (
        <section aria-labelledby="garage-more-items">
          <h2 id="garage-more-items" className="mb-3 text-lg font-bold text-stone-900">
            {itemsHeading}
          </h2>
          <ul aria-label={itemsHeading} className={grid}>
            {items.slice(0, MORE_SHOWN).map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
