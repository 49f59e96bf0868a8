import { randomUUID } from 'node:crypto';
import type { Backplane } from './backplane.js';

const SUBSCRIBED = Promise.resolve();

/**
 * The single-process backplane: every connection is local, and the lifetime manager already delivers to local
 * connections itself, so there is nothing to carry and nothing to receive.
 */
export function createMemoryBackplane(): Backplane {
  return {
    serverId: randomUUID(),
    publish: () => undefined,
    subscribe: () => SUBSCRIBED,
    unsubscribe: () => undefined,
    onMessage: () => undefined,
    isConnected: () => true,
    close: async () => undefined,
  };
}
