import type { Reputation } from '@rummage/contract';

/** A reputation as the server answers it: nobody rated, no deal, too few chats to tell a reply time. */
export function reputation(overrides: Partial<Reputation> = {}): Reputation {
  return {
    average: null,
    count: 0,
    asSeller: { average: null, count: 0 },
    asBuyer: { average: null, count: 0 },
    deals: 0,
    medianReplyMinutes: null,
    ...overrides,
  };
}
