import type {
  HubEventName,
  HubEventPayload,
  HubMethodArguments,
  HubMethodName,
  HubName,
} from '@rummage/contract';
import type { HubLike } from './hubClient';

/** What a page listens to on hub `H`: each handler takes the payload the contract promises for its event. */
export type HubEventHandlers<H extends HubName> = {
  [E in HubEventName<H>]?: (payload: HubEventPayload<H, E>) => void;
};

/** A connection to hub `H`, whose events are typed from the contract's HUB_EVENT_SCHEMAS. */
export interface TypedHub<H extends HubName> {
  /** Listens to `event`; answers the function that stops listening. */
  on<E extends HubEventName<H>>(event: E, handler: (payload: HubEventPayload<H, E>) => void): () => void;
}

/**
 * Types `connection` as a connection to `hub`. The payload is not parsed again here: the server's tests hold
 * every push to the same schemas, and the shell would otherwise carry zod into every page.
 */
export function typedHub<H extends HubName>(connection: HubLike, _hub: H): TypedHub<H> {
  return {
    on(event, handler) {
      const listener = (...args: unknown[]) => handler(args[0] as Parameters<typeof handler>[0]);
      connection.on(event, listener);
      return () => connection.off(event, listener);
    },
  };
}

/** Invokes `method` of hub `H` with exactly the arguments the contract gives it (HubMethodArguments). */
export function invokeHub<H extends HubName, M extends HubMethodName<H>, T = unknown>(
  connection: HubLike,
  _hub: H,
  method: M,
  ...args: HubMethodArguments[H][M] & unknown[]
): Promise<T> {
  return connection.invoke<T>(method, ...args);
}
