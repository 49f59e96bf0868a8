/**
 * The database floor: the very statements the app sent for one request (captured from its pool), with their
 * parameter values inlined, run by pgbench at the same concurrency as the HTTP load.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { CapturedQuery } from './server.js';

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

/** A parameter as an SQL literal. node-postgres sends every value as untyped text, so a quoted literal
 * (also untyped until the context types it) is the faithful equivalent; numbers stay numbers. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot inline ${value}`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`cannot inline a ${typeof value} parameter`);
}

/** `$n` placeholders replaced by their values (the SQL drizzle writes holds no `$` anywhere else). */
export function inline(query: CapturedQuery): string {
  return query.text.replace(/\$(\d+)/g, (_match, n: string) => {
    const index = Number(n) - 1;
    if (index >= query.values.length) throw new Error(`no value for $${n} in: ${query.text}`);
    return literal(query.values[index]);
  });
}

/** A pgbench script: one transaction = the given statements in order, each ending with `;`. */
export function writeScript(file: string, queries: CapturedQuery[]): string {
  const text = queries.map((query) => `${inline(query).trim()};`).join('\n\n') + '\n';
  writeFileSync(file, text);
  return text;
}

export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  failed: number;
}

/**
 * `pgbench -n -f script -c C -j 2 -T seconds -M prepared`, parsed; rejects on a non-zero exit. `-M extended`
 * parses and plans every statement on every execution, as the app's unnamed statements do.
 */
export function runPgbench(options: {
  url: string;
  script: string;
  connections: number;
  seconds: number;
  threads?: number;
  protocol?: 'prepared' | 'extended';
}): Promise<PgbenchResult> {
  const args = [
    '-n',
    '-f',
    options.script,
    '-c',
    String(options.connections),
    '-j',
    String(options.threads ?? 2),
    '-T',
    String(options.seconds),
    '-M',
    options.protocol ?? 'prepared',
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pgbench exited with ${code}:\n${err}\n${out}`));
      const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? NaN);
      resolve({
        tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
        latencyAvgMs: number(/latency average = ([\d.]+) ms/),
        transactions: number(/number of transactions actually processed: (\d+)/),
        failed: number(/number of failed transactions: (\d+)/) || 0,
      });
    });
  });
}
