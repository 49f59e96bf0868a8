/** CPU time from /proc (Linux), to say where a request's time goes: app process, load generator, pgbench. */
import { readFileSync } from 'node:fs';

/** USER_HZ: 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces), numbered as in proc(5). */
function statFields(pid: number | 'self'): (field: number) => number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (field) => Number(rest[field - 3]);
}

/** User + system CPU milliseconds a process has used so far. */
export function processCpuMs(pid: number): number {
  const { user, system } = processCpuSplitMs(pid);
  return user + system;
}

/** User and system (kernel: sockets, scheduling) CPU milliseconds a process has used so far. */
export function processCpuSplitMs(pid: number): { user: number; system: number } {
  const field = statFields(pid);
  return { user: (field(14) * 1000) / TICKS_PER_SECOND, system: (field(15) * 1000) / TICKS_PER_SECOND };
}

/** User + system CPU milliseconds of this process's children that have exited and been waited for. */
export function childrenCpuMs(): number {
  const field = statFields('self');
  return ((field(16) + field(17)) * 1000) / TICKS_PER_SECOND;
}

/** This process's own CPU milliseconds (the load generator runs here). */
export function selfCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
