/** What every bench prints about the machine: the numbers depend on it, and on what else runs there. */
import os from 'node:os';

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
