import type { ProductDetail } from '@rummage/contract';
import { PersonCard } from '../../../shared/ui/PersonCard';
import { LISTING_TEXT } from '../texts';

/** The seller's card on a listing. */
export function SellerCard({ product, isOwner }: { product: ProductDetail; isOwner: boolean }) {
  return (
    <PersonCard
      heading={LISTING_TEXT.sellerHeading}
      userId={product.userId}
      userName={product.userName}
      imageUrl={product.userImageUrl}
      thrifterSince={product.thrifterSince}
      isOwn={isOwner}
    />
  );
}
