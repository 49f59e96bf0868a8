/** What every bench prints about the machine: the numbers depend on it, and on what else runs there. */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    loadAverageAtStart: loadAverage(),
  };
}

export const machineLine = (m: ReturnType<typeof machine>) =>
  `machine: ${m.cpus}, ${m.memory}, Node ${m.node}, load average ${m.loadAverageAtStart}`;

/**
 * How late this machine runs an idle process's 1 ms timer, at worst, over `seconds` with nothing else of ours
 * running: the stall every process here can meet (hypervisor, other tenants) before any load. A paced p99 cannot be
 * told from it when both are a few tens of milliseconds (decision 0017).
 */
export async function idleStallMs(seconds: number): Promise<number> {
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  delays.disable();
  return delays.max / 1e6;
}
