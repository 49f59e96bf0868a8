import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countNoun, formatCount, type ProductDetail } from '@rummage/contract';
import { listingKeys, toggleLike } from '../api';
import { LoginFirstDialog } from './LoginFirstDialog';
import { useLocale, useTexts } from '../../../shared/i18n/useTexts';

type LikeState = Pick<ProductDetail, 'likesCount' | 'isLikedByCurrentUser'>;

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
      <path
        d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.1 4 2.1.6-1 1.9-2.1 4-2.1 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart and like count (docs/product.md §4): a signed-in click toggles at once (count ±1) and settles on the server's
 * answer; a failure is only logged and the count goes back. Visitors get "Alert! Please login first.".
 */
export function LikeButton({ product, signedIn }: { product: ProductDetail; signedIn: boolean }) {
  const texts = useTexts();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [askLogin, setAskLogin] = useState(false);
  const busy = useRef(false);
  const liked = product.isLikedByCurrentUser;
  const key = listingKeys.detail(product.id);

  const setLike = (state: LikeState) =>
    queryClient.setQueryData<ProductDetail>(key, (old) => (old ? { ...old, ...state } : old));

  async function handleClick() {
    if (!signedIn) {
      setAskLogin(true);
      return;
    }
    // Each click toggles on the server; a second click while one is on its way would race it.
    if (busy.current) return;
    busy.current = true;
    const before: LikeState = { likesCount: product.likesCount, isLikedByCurrentUser: liked };
    setLike({
      isLikedByCurrentUser: !liked,
      likesCount: Math.max(0, product.likesCount + (liked ? -1 : 1)),
    });
    try {
      const answer = await toggleLike(product.id);
      if (answer?.data) setLike(answer.data);
    } catch (error) {
      console.error('like-unlike failed', error);
      setLike(before);
    } finally {
      busy.current = false;
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void handleClick()}
        aria-pressed={signedIn ? liked : undefined}
        aria-haspopup={signedIn ? undefined : 'dialog'}
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
          liked
            ? 'border-red-200 bg-red-50 text-red-700'
            : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'
        }`}
      >
        <Heart filled={liked} />
        <span className="sr-only">{texts.listing.like}, </span>
        <span aria-hidden="true">{formatCount(product.likesCount, locale)}</span>
        <span className="sr-only">{`${product.likesCount} ${countNoun(product.likesCount, 'likes', texts.common.counts)}`}</span>
      </button>
      {askLogin && <LoginFirstDialog onClose={() => setAskLogin(false)} />}
    </>
  );
}
