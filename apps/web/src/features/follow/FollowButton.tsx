import { useNavigate } from 'react-router';
import { fillText, ROUTES } from '@rummage/contract';
import { useSession } from '../../shared/session/SessionContext';
import { useFollow, type FollowState } from './useFollow';
import { useTexts } from '../../shared/i18n/useTexts';

export interface FollowButtonProps {
  userId: number;
  initialFollowing: boolean;
  /** Told +1 on follow and -1 on unfollow at the click, and the opposite if the request fails. */
  onFollowersCountChange?: (delta: 1 | -1) => void;
  className?: string;
  /** Makes the button's name unique in a list ("follow @maria"); the visible label stays "follow". */
  userName?: string;
}

const stateClasses: Record<FollowState, string> = {
  notFollowing: 'btn-primary',
  // The moment right after following stands out, then settles to the quieter "following" look.
  justFollowed: 'btn-accent',
  following: 'btn-outline',
};

/**
 * The one follow/unfollow button (docs/product.md §4), used on profiles, follower cards, listings and chats. Visitors
 * are sent to /login; it is never shown on your own account.
 */
export function FollowButton({
  userId,
  initialFollowing,
  onFollowersCountChange,
  className = '',
  userName,
}: FollowButtonProps) {
  const texts = useTexts();
  const { session } = useSession();
  const navigate = useNavigate();
  const { state, busy, toggle } = useFollow({ userId, initialFollowing, onFollowersCountChange });
  if (session !== null && session.userId === userId) return null;

  const label = state === 'notFollowing' ? texts.profile.follow : texts.profile.unfollow;
  return (
    <button
      type="button"
      data-state={state}
      // Not `disabled`: the button keeps its look and the keyboard focus while the request runs.
      aria-busy={busy}
      aria-label={
        userName
          ? fillText(state === 'notFollowing' ? texts.followers.followNamed : texts.followers.unfollowNamed, {
              username: userName,
            })
          : undefined
      }
      onClick={() => {
        if (session === null) {
          void navigate(ROUTES.login);
          return;
        }
        void toggle();
      }}
      className={`btn min-w-28 ${stateClasses[state]} ${busy ? 'cursor-wait' : ''} ${className}`}
    >
      {label}
    </button>
  );
}
