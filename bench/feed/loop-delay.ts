/**
 * How long a server process's own event loop was held up, for bench/feed's paced runs: a p99 far above the rest
 * is either the process stalling (GC, a long synchronous stretch) or a wait outside it (PostgreSQL, the kernel).
 * The process under test records its loop's delays from the start; `{ type: 'loopDelay' }` over IPC is answered
 * `{ type: 'loopDelay', maxMs, oldGenerationBytes, fullGcs }`: the longest delay since the previous ask, the size
 * of V8's old generation now, and the full (mark-compact) collections since the previous ask. A run whose old
 * generation grows by megabytes without a full collection is putting requests' garbage there (see
 * apps/server/src/lib/garbage-collector.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

export type LoopDelayControl = { type: 'loopDelay' };
export interface ProcessWatch {
  maxMs: number;
  oldGenerationBytes: number;
  fullGcs: number;
}
export type LoopDelayMessage = { type: 'loopDelay' } & ProcessWatch;

const oldGenerationBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? NaN;

/** In the process under test (bench/feed/server.ts, bench/feed/floor.ts): answers `loopDelay` asks. */
export function answerLoopDelayAsks(): void {
  // 1 ms resolution, as the load generator's own watch (http.ts): stalls of interest are tens of milliseconds.
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  let fullGcs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullGcs++;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'loopDelay') return;
    const watch: ProcessWatch = {
      maxMs: delays.max / 1e6,
      oldGenerationBytes: oldGenerationBytes(),
      fullGcs,
    };
    delays.reset();
    fullGcs = 0;
    process.send?.({ type: 'loopDelay', ...watch } satisfies LoopDelayMessage);
  });
}

/** In the bench: `child`'s longest loop delay and full collections since the previous call, and its old generation. */
export function askLoopDelay(child: ChildProcess): Promise<ProcessWatch> {
  return new Promise((resolve) => {
    const told = (message: Partial<LoopDelayMessage>) => {
      if (message?.type !== 'loopDelay') return;
      child.off('message', told);
      resolve({
        maxMs: message.maxMs ?? NaN,
        oldGenerationBytes: message.oldGenerationBytes ?? NaN,
        fullGcs: message.fullGcs ?? NaN,
      });
    };
    child.on('message', told);
    child.send({ type: 'loopDelay' } satisfies LoopDelayControl);
  });
}
