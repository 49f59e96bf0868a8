import {
  API,
  apiPath,
  type BlockedPeopleResponse,
  type BlockedPerson,
  type BlockResponse,
} from '@rummage/contract';
import { apiFetch } from '../../shared/api/client';

/** The blocked-people list; profiles, chats, the inbox and the feed change after a block too. */
export const blockKeys = {
  blocked: ['blocked-people'] as const,
  /** Every query a block or unblock changes the answer of (marked stale, refetched when shown). */
  affected: [['blocked-people'], ['profile'], ['chat'], ['product-feed']] as const,
};

/** POST (block) or DELETE (unblock) /api/User/block/{userId}; both are idempotent. */
export function setBlocked(userId: number, blocked: boolean): Promise<BlockResponse> {
  return apiFetch<BlockResponse>(apiPath(API.user.block, { userId }), {
    method: blocked ? 'POST' : 'DELETE',
  });
}

export async function fetchBlockedPeople(signal?: AbortSignal): Promise<BlockedPerson[]> {
  return (await apiFetch<BlockedPeopleResponse>(API.user.blocked, { signal })).data;
}
