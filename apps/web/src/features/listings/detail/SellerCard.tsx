import type { ProductDetail } from '@rummage/contract';
import { PersonCard } from '../../../shared/ui/PersonCard';
import { FollowButton } from '../../follow';
import { ReputationSummary, useReputation } from '../../reviews';
import { useTexts } from '../../../shared/i18n/useTexts';

/**
 * The seller's card on a listing, with their reputation (docs/product.md §20) and the follow button for anyone but
 * the seller (§2, §4). The reputation is asked after first paint, so the page itself waits for no more than before.
 */
export function SellerCard({ product, isOwner }: { product: ProductDetail; isOwner: boolean }) {
  const texts = useTexts();
  const reputation = useReputation(product.userId);
  return (
    <PersonCard
      heading={texts.listing.sellerHeading}
      userId={product.userId}
      userName={product.userName}
      imageUrl={product.userImageUrl}
      thrifterSince={product.thrifterSince}
      isOwn={isOwner}
      details={reputation.data && <ReputationSummary reputation={reputation.data} />}
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
