import type { ProductDetail } from '@rummage/contract';
import { PersonCard } from '../../../shared/ui/PersonCard';
import { FollowButton } from '../../follow';
import { LISTING_TEXT } from '../texts';

/** The seller's card on a listing, with the follow button for anyone but the seller (docs/product.md §2, §4). */
export function SellerCard({ product, isOwner }: { product: ProductDetail; isOwner: boolean }) {
  return (
    <PersonCard
      heading={LISTING_TEXT.sellerHeading}
      userId={product.userId}
      userName={product.userName}
      imageUrl={product.userImageUrl}
      thrifterSince={product.thrifterSince}
      isOwn={isOwner}
      action={
        isOwner ? undefined : (
          <FollowButton
            userId={product.userId}
            initialFollowing={product.isFollowedByCurrentUser}
            userName={product.userName}
            className="w-full"
          />
        )
      }
    />
  );
}
