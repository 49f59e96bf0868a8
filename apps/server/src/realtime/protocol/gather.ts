/**
 * Gathering a burst's frames per socket.
 *
 * Each hub invocation runs from a macrotask of its own (hub-endpoint.ts `turn`), so timers, sockets and the load
 * monitor get their turns between invocations. Uncorking each socket at the end of the tick that wrote to it then
 * sent a burst of 100 broadcasts as 100 writes per connection: a system call and a TCP segment per frame, ten
 * times the CPU per delivery of a burst gathered in one write (docs/benchmarks.md, `hub.burst-cpu`).
 *
 * A socket written to while other invocations are running or waiting is corked, and stays corked while any are, up
 * to a time budget (GATHER_BUDGET_MS): the burst's frames leave in a few writes. Releasing costs a write per held
 * socket; when releasing the sockets held is expected to take longer than the budget (thousands of sockets, a busy
 * machine; measured per socket at the last release), the gathering is held that long (at most
 * GATHER_BUDGET_MAX_MS): with one fan-out outlasting the budget, a burst otherwise left as one write per frame per
 * socket again, more system calls than the raw `ws` floor makes, while the frames it held waited no less. A frame
 * written while no other invocation is in the process (a lone broadcast at a paced rate, a push after a REST change)
 * is not held at all: a fan-out to 1,000 sockets then writes to the first at once instead of after buffering for all
 * of them. The release is a `setImmediate` that asks again each turn: timers and I/O (pings, other requests, new
 * connections) still run between the invocations, and nothing is held longer than the budget (or the expected
 * release's time).
 */

export interface Corkable {
  cork(): void;
  uncork(): void;
}

export interface FrameGathering {
  /** Corks `socket` until the gathering's next release, unless it already is. */
  hold(socket: Corkable): void;
  /** Sockets corked now (tests and diagnostics). */
  readonly held: number;
}

export interface FrameGatheringOptions {
  /** Hub invocations running or waiting in the process, the one writing now included. */
  invocations: () => number;
  /** Longest a frame is held back while a burst goes on, unless releasing is expected to take longer. */
  budgetMs: number;
  /** Longest a frame is held back however long releases take. */
  maxBudgetMs?: number;
  now?: () => number;
}

/**
 * 20 ms, far below a delay a person notices in a chat. Fanning one message out to 10,000 sockets takes longer than
 * 5 ms on a 2-core machine, so a 5 ms budget let each broadcast of a burst go out alone; at 20 ms a burst's server
 * CPU per 1,000 deliveries fell from 7.6 to 2.2–3.6 ms at 10,000 connections, while 50 ms gained little more (1.9)
 * (docs/benchmarks.md, bench/hub).
 */
export const GATHER_BUDGET_MS = 20;

/**
 * A tenth of a second: the hold a release that slow earns is bounded, so a message sent during a long burst to tens
 * of thousands of sockets waits at most about as long as one fan-out of it takes there anyway.
 */
export const GATHER_BUDGET_MAX_MS = 100;

export function createFrameGathering(options: FrameGatheringOptions): FrameGathering {
  const now = options.now ?? (() => performance.now());
  const maxBudgetMs = options.maxBudgetMs ?? GATHER_BUDGET_MAX_MS;
  const held = new Set<Corkable>();
  let since = 0;
  let scheduled = false;
  /** What writing one held socket's frames took at the last release: the cost of releasing the next gathering. */
  let releaseMsPerSocket = 0;

  const release = () => {
    // Held at least as long as releasing what is held is expected to take: measured per socket, so a burst to a few
    // sockets is not held for a release to thousands, and one slow release (a garbage collection) costs one longer
    // hold at most.
    const expectedMs = releaseMsPerSocket * held.size;
    const budget = Math.min(maxBudgetMs, Math.max(options.budgetMs, expectedMs));
    if (options.invocations() > 0 && now() - since < budget) {
      setImmediate(release);
      return;
    }
    scheduled = false;
    // A socket uncorked here may write at once and call back into hold() synchronously (it never does today):
    // the set is copied first so such a socket joins the next gathering.
    const sockets = [...held];
    held.clear();
    const started = now();
    for (const socket of sockets) socket.uncork();
    if (sockets.length > 0) releaseMsPerSocket = (now() - started) / sockets.length;
  };

  return {
    hold(socket) {
      if (held.has(socket)) return;
      // With no other invocation running or waiting, nothing else is on its way: a lone broadcast leaves socket by
      // socket as it is written, the first reader served at once rather than after the whole fan-out is buffered.
      if (options.invocations() <= 1) return;
      held.add(socket);
      socket.cork();
      if (!scheduled) {
        scheduled = true;
        since = now();
        setImmediate(release);
      }
    },
    get held() {
      return held.size;
    },
  };
}
