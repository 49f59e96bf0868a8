import { API, apiPath, type FollowResponse } from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** Queries that show follow state or follower counts; marked stale after a follow changes. */
export const followKeys = {
  profile: (userId: number) => ['profile', userId] as const,
  followers: ['followers'] as const,
};

/**
 * POST /api/User/follow-unfollow/{userId} with the wanted state (`follow: true | false`) rather than a
 * bare toggle, so a retried or doubled request cannot flip the state twice.
 */
export function setFollowing(userId: number, follow: boolean, signal?: AbortSignal): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(apiPath(API.user.followUnfollow, { userId }), {
    method: 'POST',
    body: { follow },
    signal,
  });
}
