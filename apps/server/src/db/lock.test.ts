import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rummage-lock-'));
  dirs.push(dir);
  return join(dir, 'pglite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid that surely belongs to no running process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data directory lock', () => {
  it('refuses a second opener, naming the directory and the pid', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it', () => {
    const dir = tempDir();
    // The parent of this test process is alive for the whole test.
    writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${process.ppid}`);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(`${dir}.lock`, `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('keeps a second PGlite off an open directory, and frees it on close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dir });
    await expect(openDatabase({ kind: 'pglite', dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
