/**
 * Who is on the site right now (docs/product.md §10): a person is online while they have a live hub connection
 * that would show them a notification (/generalhub or /chathub), on any process. Push asks this at the moment a
 * notification is stored, with no grace period: offline then means a push goes out.
 */
export interface Presence {
  /** A connection opened (the realtime server calls this for the hubs that show notifications). */
  connected(userId: number, connectionId: string): void;
  /** That connection closed. */
  disconnected(userId: number, connectionId: string): void;
  /** Whether the person has a live connection on any process. */
  isOnline(userId: number): Promise<boolean>;
  /** Stops the heartbeat and forgets this process's connections (Redis: removes them at once). */
  close(): Promise<void>;
}

/** One process: the connections are simply counted here. */
export function createMemoryPresence(): Presence {
  const byUser = new Map<number, Set<string>>();
  return {
    connected(userId, connectionId) {
      const set = byUser.get(userId) ?? new Set<string>();
      set.add(connectionId);
      byUser.set(userId, set);
    },
    disconnected(userId, connectionId) {
      const set = byUser.get(userId);
      if (!set?.delete(connectionId)) return;
      if (set.size === 0) byUser.delete(userId);
    },
    isOnline: async (userId) => (byUser.get(userId)?.size ?? 0) > 0,
    close: async () => byUser.clear(),
  };
}
