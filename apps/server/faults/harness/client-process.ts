/**
 * Attacking clients in a child process of their own, at a lower priority than the server they attack: they would
 * live on other machines, and on the test's own cores their CPU otherwise came from the server's. The child is
 * `script` run again with `variable` holding `options` as JSON; it writes STARTED once its clients are going and,
 * last, one line of JSON with what they saw.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serverPackageDir } from '../../src/lib/package-paths.js';

export const STARTED = 'clients started';

export interface ClientProcess<Result> {
  /** Settles when the child has loaded and its first clients are going. */
  started: Promise<void>;
  /** What the clients saw, once the child has ended. */
  done: Promise<Result>;
  child: ChildProcess;
}

export function runClientProcess<Result>(
  script: string,
  variable: string,
  options: unknown,
  what: string,
): ClientProcess<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    cwd: serverPackageDir,
    env: { ...process.env, [variable]: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) setPriority(child.pid, 10);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const failure = (why: string) => new Error(`${what} failed (${why}):\n${stderr}\n${stdout}`);
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(STARTED)) resolve();
    });
    child.once('exit', () => reject(failure('it ended before starting')));
  });
  const done = new Promise<Result>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(failure(`exit code ${code}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Result);
      } catch (error) {
        reject(failure(String(error)));
      }
    });
  });
  // Either may be awaited alone; the other's rejection must not go unhandled.
  started.catch(() => undefined);
  done.catch(() => undefined);
  return { started, done, child };
}
