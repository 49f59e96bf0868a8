import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { DatabaseKind } from '../db/client.js';

export const MANIFEST_FILE = 'manifest.json';

/** What a backup holds; restore trusts nothing in the folder that the manifest does not list with its checksum. */
export interface BackupManifest {
  format: 1;
  /** The server package's version that wrote the backup. */
  appVersion: string;
  /** The newest migration applied to the database (its tag in db/migrations/meta/_journal.json). */
  migration: string | null;
  createdAt: string;
  database: { kind: DatabaseKind; file: string };
  /** Image keys are the paths under uploads/ in the backup. */
  uploads: { store: 'local' | 's3'; count: number };
  /** Generated secrets from DATA_DIR, kept under secrets/. */
  secrets: string[];
  /** Every other file of the backup (relative, `/`-separated) with its sha256 in hex. */
  files: Record<string, string>;
}

/** A refusal the backup and restore commands print as one line, without a stack trace. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}

/** Every regular file under `dir`, as `/`-separated paths relative to it. */
export async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Checksums every file in `dir` and writes the manifest last, so a folder with a manifest is a finished backup. */
export async function writeManifest(
  dir: string,
  manifest: Omit<BackupManifest, 'files' | 'format'>,
): Promise<BackupManifest> {
  const files: Record<string, string> = {};
  for (const file of (await filesIn(dir)).sort()) {
    if (file !== MANIFEST_FILE) files[file] = await sha256File(join(dir, file));
  }
  const complete: BackupManifest = { format: 1, ...manifest, files };
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(complete, null, 2)}\n`);
  return complete;
}

/**
 * Reads the manifest and checks every file against it before anything is restored: a missing, extra or changed
 * file refuses the whole backup, naming the first one found.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(path)) {
    throw new BackupError(`${dir} is not a Rummage backup: it has no ${MANIFEST_FILE}.`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`The backup in ${dir} is damaged: ${MANIFEST_FILE} is not valid JSON.`);
  }
  if (
    manifest.format !== 1 ||
    typeof manifest.files !== 'object' ||
    manifest.files === null ||
    !Array.isArray(manifest.secrets)
  ) {
    throw new BackupError(
      `The backup in ${dir} is damaged or from a newer Rummage: unknown ${MANIFEST_FILE}.`,
    );
  }
  const present = new Set((await filesIn(dir)).filter((file) => file !== MANIFEST_FILE));
  for (const [file, expected] of Object.entries(manifest.files)) {
    if (!present.delete(file))
      throw new BackupError(`The backup in ${dir} is incomplete: ${file} is missing.`);
    if ((await sha256File(join(dir, file))) !== expected) {
      throw new BackupError(`The backup in ${dir} is damaged: ${file} does not match its checksum.`);
    }
  }
  const extra = [...present][0];
  if (extra !== undefined) {
    throw new BackupError(`The backup in ${dir} has a file its manifest does not list: ${extra}.`);
  }
  return manifest;
}
