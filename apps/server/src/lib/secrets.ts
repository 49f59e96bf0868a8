import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolderSync } from './folders.js';

/** Generated secrets are named `*.key` at the top of DATA_DIR, so backups (backup/backup.ts) find them all. */
export const SECRET_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*\.key$/;

/**
 * A secret generated on first start and kept in DATA_DIR, so a plain `npm start` needs no configuration and
 * restarts keep it (ALTCHA challenges signed before a restart still verify). Several processes sharing one
 * installation should set the value through the environment instead.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string): string {
  const path = join(dataDir, fileName);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makeFolderSync(dataDir);
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, the first writer wins and the other reads its value.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
