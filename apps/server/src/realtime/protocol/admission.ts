/**
 * New hub connections, admitted one per turn of the event loop.
 *
 * Setting up a connection (its session read, the WebSocket upgrade, the SignalR handshake, often a Join) cost the
 * process about 3 ms on PGlite on a 2-core machine (2026-11-28), as much as a REST request or more. A reconnect
 * storm, every client of a restarted process coming back at once, then took the event loop in proportion to the
 * clients waiting: 250 at once left REST 0.41–0.69 of its throughput. Let in one per turn instead, a storm moves as
 * fast as the loop turns: quickly when the process has nothing else to do, and, when REST requests fill each turn,
 * no faster than a turn's share. Measured side by side: REST kept 0.71–0.78 of its throughput and the storm itself
 * went faster (390–411 connections a second against 330–378), as fewer half-made connections wait at once.
 *
 * Waiting costs only the socket. A connection whose client left meanwhile is skipped when its turn comes.
 */
export interface ConnectionAdmission {
  /** Resolves on a later turn of the event loop than the one that asked, one waiter per turn, in arrival order. */
  admit(): Promise<void>;
  /** Connections waiting for their turn (for tests and diagnostics). */
  readonly waiting: number;
}

export function createConnectionAdmission(): ConnectionAdmission {
  const queue: Array<() => void> = [];
  let scheduled = false;
  // An immediate scheduled from a check phase runs in the next loop iteration, after that iteration's I/O: so
  // every admission lets the sockets' pending work (REST requests among it) run first.
  const next = () => {
    scheduled = queue.length > 1;
    queue.shift()?.();
    if (scheduled) setImmediate(next);
  };
  return {
    admit() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
