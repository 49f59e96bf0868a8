import { useCallback, useEffect, useRef, useState } from 'react';
import { HUBS, RECONNECT_DELAYS_MS, type HubName } from '@rummage/contract';
import { useSession } from '../session/SessionContext';
import { readSession } from '../session/storage';
import { describeHubError, type HubLike, type HubState } from './hubClient';
import { typedHub, type HubEventHandlers } from './hubEvents';
import { useHubFactory } from './HubFactoryContext';

export interface UseHubOptions<H extends HubName> {
  /** Connect only while true (and only while a session token exists). */
  enabled?: boolean;
  /**
   * Server events to listen to, registered before the connection starts so nothing sent right after the
   * handshake is missed. The set of names is read when connecting; the functions may change on every render.
   */
  handlers?: HubEventHandlers<H>;
  /** After the first start and after every automatic reconnect: the place to (re)join groups. */
  onConnected?: (connection: HubLike, reconnected: boolean) => void;
  /**
   * The connection stopped delivering (it dropped, or closed with an error): what was received until now is all
   * the page knows, which a catch-up after the next onConnected starts from.
   */
  onDropped?: () => void;
  /** Last words before the connection is stopped (for example LeaveChat); awaited briefly. */
  onStopping?: (connection: HubLike) => Promise<unknown> | void;
}

export interface UseHubResult {
  connection: HubLike | null;
  state: HubState;
  /** Starts over after the connection gave up (automatic reconnect exhausted, or both start attempts failed). */
  retry(): void;
}

/** How long a last invocation may hold up stopping. */
const STOPPING_GRACE_MS = 2000;

/**
 * One hub connection for as long as the caller is mounted and a session token exists (docs/product.md §6): started
 * with the token, stopped on unmount, on logout and when the token changes. A failed start gets one more
 * attempt (docs/product.md §7); after that, automatic reconnect takes over for connections that were up.
 */
export function useHub<H extends HubName>(hubName: H, options: UseHubOptions<H> = {}): UseHubResult {
  const { enabled = true } = options;
  const path = HUBS[hubName];
  const factory = useHubFactory();
  const { session, recheck } = useSession();
  const token = session?.authToken ?? null;
  const [connection, setConnection] = useState<HubLike | null>(null);
  const [state, setState] = useState<HubState>(enabled && token ? 'connecting' : 'disconnected');
  const [attempt, setAttempt] = useState(0);

  // The latest callbacks, so a re-render never restarts the connection.
  const latest = useRef(options);
  latest.current = options;
  const recheckSession = useRef(recheck);
  recheckSession.current = recheck;

  useEffect(() => {
    if (!enabled || !token) {
      setConnection(null);
      setState('disconnected');
      return;
    }
    let disposed = false;
    let hub: HubLike | null = null;
    let isUp = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const events = Object.keys(latest.current.handlers ?? {}) as Array<keyof HubEventHandlers<H> & string>;
    const stopListening: Array<() => void> = [];

    const start = async (startAttempt: number) => {
      if (!hub || disposed) return;
      try {
        await hub.start();
      } catch (error) {
        if (disposed) return;
        console.warn(`Hub ${path}: connection failed (${describeHubError(error)})`);
        if (startAttempt === 0) {
          setState('reconnecting');
          retryTimer = setTimeout(() => void start(1), RECONNECT_DELAYS_MS[1]);
        } else {
          setState('disconnected');
        }
        return;
      }
      if (disposed) return;
      isUp = true;
      setState('connected');
      latest.current.onConnected?.(hub, false);
    };

    setState('connecting');
    Promise.resolve(factory(path, () => readSession()?.authToken ?? null))
      .then((created) => {
        if (disposed) return;
        hub = created;
        const hubEvents = typedHub(created, hubName);
        for (const event of events) {
          stopListening.push(hubEvents.on(event, (payload) => latest.current.handlers?.[event]?.(payload)));
        }
        created.onreconnecting(() => {
          if (disposed) return;
          isUp = false;
          setState('reconnecting');
          latest.current.onDropped?.();
        });
        created.onreconnected(() => {
          if (disposed) return;
          isUp = true;
          setState('connected');
          latest.current.onConnected?.(created, true);
        });
        created.onclose((error) => {
          if (disposed) return;
          isUp = false;
          setState('disconnected');
          if (!error) return;
          latest.current.onDropped?.();
          console.warn(`Hub ${path}: connection closed (${describeHubError(error)})`);
          // The server closes a connection for good when its session ended (logout elsewhere, "log out
          // everywhere", a password reset, a ban): find out now rather than at the next click.
          recheckSession.current();
        });
        setConnection(created);
        void start(0);
      })
      .catch((error: unknown) => {
        if (disposed) return;
        console.warn(`Hub ${path}: client could not be loaded (${describeHubError(error)})`);
        setState('disconnected');
      });

    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      setConnection(null);
      const closing = hub;
      if (!closing) return;
      for (const stop of stopListening) stop();
      const farewell = isUp ? latest.current.onStopping?.(closing) : undefined;
      void Promise.race([
        Promise.resolve(farewell).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, STOPPING_GRACE_MS)),
      ])
        .then(() => closing.stop())
        .catch((error: unknown) => console.warn(`Hub ${path}: stop failed (${describeHubError(error)})`));
    };
  }, [factory, path, hubName, token, enabled, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { connection: enabled && token ? connection : null, state, retry };
}
