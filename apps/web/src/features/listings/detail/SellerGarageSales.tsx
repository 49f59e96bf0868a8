import { fillText } from '@rummage/contract';
import { useTexts } from '../../../shared/i18n/useTexts';
import { GarageSaleCard, useLiveSales, useUserGarageSales } from '../../garage';

/** The seller's garage sales (GET /api/GarageSale/user/{sellerId}) as cards; nothing when there are none. */
export function SellerGarageSales({ sellerId, sellerName }: { sellerId: number; sellerName: string }) {
  const texts = useTexts();
  const sales = useLiveSales(useUserGarageSales(sellerId).data, { deleteEnded: false });
  if (sales.length === 0) return null;
  const heading = fillText(texts.garage.sellerSales, { name: sellerName });
  return (
    <section aria-labelledby="seller-garage-heading" className="mt-10">
      <h2 id="seller-garage-heading" className="mb-4 text-xl font-bold text-stone-900">
        {heading}
      </h2>
      <ul aria-label={heading} className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4">
        {sales.map((sale) => (
          <li key={sale.id}>
            <GarageSaleCard sale={sale} />
          </li>
        ))}
      </ul>
    </section>
  );
}
