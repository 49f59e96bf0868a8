import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FOLLOW_SETTLE_MS } from '@rummage/contract';
import { followKeys, setFollowing } from './api';

/**
 * `notFollowing` shows "follow"; a click moves to `justFollowed` ("unfollow" at once), which settles to
 * `following` (still "unfollow") after FOLLOW_SETTLE_MS (docs/product.md §4).
 */
export type FollowState = 'notFollowing' | 'justFollowed' | 'following';

export interface UseFollowOptions {
  userId: number;
  initialFollowing: boolean;
  onFollowersCountChange?: (delta: 1 | -1) => void;
}

export interface UseFollow {
  state: FollowState;
  /** A request is on its way; clicks are ignored until it has answered. */
  busy: boolean;
  toggle: () => Promise<void>;
}

const stateFor = (following: boolean): FollowState => (following ? 'following' : 'notFollowing');

/**
 * The follow button's behaviour (docs/product.md §4): optimistic (the label and the followers count move at once),
 * one request at a time, and on failure everything goes back and the error is only logged (docs/product.md §8).
 */
export function useFollow({ userId, initialFollowing, onFollowersCountChange }: UseFollowOptions): UseFollow {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FollowState>(stateFor(initialFollowing));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCountChange = useRef(onFollowersCountChange);
  useEffect(() => {
    onCountChange.current = onFollowersCountChange;
  }, [onFollowersCountChange]);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  // A fresh answer from the server (a refetched profile or listing) wins, except while our own request
  // runs, and only when it disagrees: a parent echoing our optimistic state must not cut the settle short.
  const [synced, setSynced] = useState({ userId, initialFollowing });
  if (synced.userId !== userId || synced.initialFollowing !== initialFollowing) {
    setSynced({ userId, initialFollowing });
    const differs = (state !== 'notFollowing') !== initialFollowing;
    if (synced.userId !== userId || (differs && !busy)) setState(stateFor(initialFollowing));
  }

  const toggle = useCallback(async () => {
    if (busyRef.current) return;
    const before = state;
    const follow = state === 'notFollowing';
    busyRef.current = true;
    setBusy(true);
    clearTimeout(settleTimer.current);
    setState(follow ? 'justFollowed' : 'notFollowing');
    onCountChange.current?.(follow ? 1 : -1);
    if (follow) {
      settleTimer.current = setTimeout(
        () => setState((current) => (current === 'justFollowed' ? 'following' : current)),
        FOLLOW_SETTLE_MS,
      );
    }
    try {
      await setFollowing(userId, follow);
      // Other pages showing this person (their profile, the followers list) must ask again next time.
      void queryClient.invalidateQueries({ queryKey: followKeys.profile(userId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: followKeys.followers, refetchType: 'none' });
    } catch (error) {
      console.error('follow-unfollow failed', userId, error);
      clearTimeout(settleTimer.current);
      setState(before);
      onCountChange.current?.(follow ? -1 : 1);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [state, userId, queryClient]);

  return { state, busy, toggle };
}
