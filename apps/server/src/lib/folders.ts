import { mkdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const exists = (folder: string) => statSync(folder, { throwIfNoEntry: false }) !== undefined;
const isTaken = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';

/**
 * A folder and the parents it lacks, outermost first. Node's own `mkdir(path, { recursive: true })` loops for ever,
 * a core at 100 % and not a word, where the file system answers ENOENT for a folder whose parent exists (as /proc
 * does, `DATA_DIR=/proc/x`); walking the levels here turns that into the error itself.
 */
function missingLevels(path: string): string[] {
  const missing: string[] = [];
  let folder = resolve(path);
  while (!exists(folder)) {
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return missing;
}

/** Creates `path` and its missing parents; a folder already there (or made meanwhile by another process) is fine. */
export function makeFolderSync(path: string, mode?: number): void {
  for (const folder of missingLevels(path)) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
  }
}

/** makeFolderSync whose writes do not block the loop, for folders made while the server answers. */
export async function makeFolder(path: string, mode?: number): Promise<void> {
  for (const folder of missingLevels(path)) {
    try {
      await mkdir(folder, { mode });
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
  }
}
