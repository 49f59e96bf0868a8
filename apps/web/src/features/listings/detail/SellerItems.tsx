import { Link } from 'react-router';
import { ROUTES, fillText } from '@rummage/contract';
import { ProductCard } from '../../feed';
import { useSellerItems } from '../api';
import { useTexts } from '../../../shared/i18n/useTexts';

/** How many of the seller's other items the page shows; the rest are on their profile. */
export const SELLER_ITEMS_SHOWN = 8;

/** The seller's other unsold listings (GET /api/Product/unsold/user/{sellerId}, this one left out). */
export function SellerItems({
  sellerId,
  sellerName,
  productId,
  isOwner,
}: {
  sellerId: number;
  sellerName: string;
  productId: number;
  isOwner: boolean;
}) {
  const texts = useTexts();
  const items = useSellerItems(sellerId).data;
  const others = (items ?? []).filter((item) => item.id !== productId);
  if (others.length === 0) return null;
  const heading = fillText(texts.listing.sellerItems, { name: `@${sellerName}` });
  return (
    <section aria-labelledby="seller-items-heading" className="mt-10">
      <h2 id="seller-items-heading" className="mb-4 text-xl font-bold text-stone-900">
        {heading}
      </h2>
      <ul aria-label={heading} className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4">
        {others.slice(0, SELLER_ITEMS_SHOWN).map((item) => (
          <li key={item.id}>
            <ProductCard product={item} />
          </li>
        ))}
      </ul>
      {others.length > SELLER_ITEMS_SHOWN && (
        <div className="mt-6 flex justify-center">
          <Link to={isOwner ? ROUTES.userMain : ROUTES.otherUser(sellerId)} className="btn btn-outline">
            {fillText(texts.listing.seeAllFromSeller, { name: `@${sellerName}` })}
          </Link>
        </div>
      )}
    </section>
  );
}
