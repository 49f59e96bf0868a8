import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeFolderSync } from '../lib/folders.js';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${dir} is already in use by another Rummage process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR somewhere else.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Lock files of this process, so a second opener inside the same process is refused too (PGlite would allow it). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; only ESRCH means it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite does not lock its directory, and two engines writing one directory corrupt it. This takes a pid file
 * next to the directory with O_EXCL; a file left by a crashed process (its pid no longer running) is replaced.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const path = `${dir}.lock`;
  makeFolderSync(dirname(path));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(path);
          // Only remove the file if it is still ours: a stale-lock takeover by another process must survive.
          if (readPid(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(path);
      if (heldHere.has(path)) throw new DataDirLockedError(dir, process.pid);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      if (pid === undefined && ageMs(path) < 5_000) {
        // Another process created the file a moment ago and has not written its pid yet.
        throw new Error(`The database directory ${dir} is being opened by another process right now.`);
      }
      // Stale: its process is gone (or it is our own pid reused after a crash): take it over.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new Error(`Could not take the lock file ${path}; remove it if no Rummage process is running.`);
}
