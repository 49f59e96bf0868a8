/**
 * The domain event bus: services say what happened (after their transaction committed), subscribers decide who
 * hears of it (hub delivery today; notifications, alerts and jobs next). A service never knows its listeners,
 * and nothing under modules/ or services/ imports realtime/: delivery depends on the events, not the reverse.
 * Subscribers are registered in the composition root, one file and one line each.
 */
import type { DomainEventMap } from './domain-events.js';

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent<K extends DomainEventName = DomainEventName> = DomainEventMap[K];
export type DomainEventHandler<K extends DomainEventName> = (event: DomainEventMap[K]) => unknown;

interface Log {
  warn(object: object, message: string): void;
}

export interface EventBus {
  /**
   * Runs every handler of `name` and resolves when all have finished. A failing handler is logged and never
   * reaches the emitter: a stored message must not become an error answer because a listener failed.
   */
  emit<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void>;
  /** Adds a handler; returns the function that removes it. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): () => void;
}

export function createEventBus(log?: Log): EventBus {
  const handlers = new Map<DomainEventName, Set<(event: never) => unknown>>();
  return {
    async emit(name, event) {
      const list = handlers.get(name);
      if (!list || list.size === 0) return;
      await Promise.all(
        [...list].map(async (handler) => {
          try {
            await (handler as DomainEventHandler<typeof name>)(event);
          } catch (error) {
            log?.warn({ err: error, event: name }, 'domain event subscriber failed');
          }
        }),
      );
    },
    on(name, handler) {
      let list = handlers.get(name);
      if (!list) handlers.set(name, (list = new Set()));
      list.add(handler as (event: never) => unknown);
      return () => list.delete(handler as (event: never) => unknown);
    },
  };
}
