/**
 * How long a server process's own event loop was held up, for bench/feed's paced runs: a p99 far above the rest
 * is either the process stalling (GC, a long synchronous stretch) or a wait outside it (PostgreSQL, the kernel).
 * The process under test records its loop's delays from the start; `{ type: 'loopDelay' }` over IPC is answered
 * `{ type: 'loopDelay', maxMs }`, the longest delay since the previous ask, and starts over.
 */
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type LoopDelayControl = { type: 'loopDelay' };
export type LoopDelayMessage = { type: 'loopDelay'; maxMs: number };

/** In the process under test (bench/feed/server.ts, bench/feed/floor.ts): answers `loopDelay` asks. */
export function answerLoopDelayAsks(): void {
  // 1 ms resolution, as the load generator's own watch (http.ts): stalls of interest are tens of milliseconds.
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'loopDelay') return;
    const maxMs = delays.max / 1e6;
    delays.reset();
    process.send?.({ type: 'loopDelay', maxMs } satisfies LoopDelayMessage);
  });
}

/** In the bench: the longest delay of `child`'s event loop since the previous call (ms). */
export function askLoopDelay(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const told = (message: { type?: string; maxMs?: number }) => {
      if (message?.type !== 'loopDelay') return;
      child.off('message', told);
      resolve(message.maxMs ?? NaN);
    };
    child.on('message', told);
    child.send({ type: 'loopDelay' } satisfies LoopDelayControl);
  });
}
