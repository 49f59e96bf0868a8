// `npm run backup -- --out DIR` and `npm run restore -- DIR [--force]` (scripts/backup.mjs): the database, the
// uploads and the generated secrets, for the installation `npm start` runs (the same .env, DATABASE_URL or DATA_DIR).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { databaseOptions } from './app.js';
import { createBackup } from './backup/backup.js';
import { pgliteDirIsEmpty } from './backup/database-dump.js';
import { BackupError } from './backup/manifest.js';
import { restoreBackup } from './backup/restore.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { waitingForDatabase } from './db/first-connection.js';
import { DataDirLockedError } from './db/lock.js';
import { repoRoot } from './lib/package-paths.js';
import { createImageStore } from './services/storage/index.js';

const USAGE = `Usage:
  npm run backup -- --out <folder>             write a backup into a new (or empty) folder
  npm run restore -- <folder> [--force]        restore a backup into an empty data directory or database`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

type Command = { name: 'backup'; out: string } | { name: 'restore'; from: string; force: boolean };

/** Reads the command line; undefined when it does not fit the usage. */
export function parseBackupArgs(args: readonly string[]): Command | undefined {
  const [name, ...rest] = args;
  if (name === 'backup') {
    const joined = rest.length === 1 && rest[0]!.startsWith('--out=') ? rest[0]!.slice(6) : undefined;
    const out = joined ?? (rest.length === 2 && rest[0] === '--out' ? rest[1] : undefined);
    return out ? { name, out } : undefined;
  }
  if (name === 'restore') {
    const force = rest.includes('--force');
    const folders = rest.filter((arg) => arg !== '--force');
    const from = folders[0];
    return folders.length === 1 && from && !from.startsWith('-') ? { name, from, force } : undefined;
  }
  return undefined;
}

async function backup(config: AppConfig, out: string, io: CliOutput): Promise<number> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && pgliteDirIsEmpty(pgliteDir)) {
    io.err(`There is no database in ${pgliteDir} to back up (check DATA_DIR, or set DATABASE_URL).`);
    return 1;
  }
  const handle = await openDatabase(
    databaseOptions(config, undefined, (reason) =>
      io.err(waitingForDatabase(config.databaseUrl ?? '', reason, config.databaseWaitMs)),
    ),
  );
  try {
    const manifest = await createBackup({ handle, config, store: createImageStore(config) }, out);
    io.out(
      `Backup written to ${resolve(out)}: ${handle.location} (migration ${manifest.migration ?? 'none'}), ` +
        `${manifest.uploads.count} images, ${manifest.secrets.length} secrets.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

async function restore(config: AppConfig, from: string, force: boolean, io: CliOutput): Promise<number> {
  const manifest = await restoreBackup(from, { config, store: createImageStore(config), force });
  const into = config.databaseUrl ? 'the database in DATABASE_URL' : config.dataDir;
  io.out(
    `Restored the backup of ${manifest.createdAt} (Rummage ${manifest.appVersion}, migration ` +
      `${manifest.migration ?? 'none'}, ${manifest.uploads.count} images) into ${into}. Start the server with npm start.`,
  );
  return 0;
}

/** Runs one command; answers the exit code. Every expected failure is one readable line on `io.err`. */
export async function runBackupCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
): Promise<number> {
  const command = parseBackupArgs(args);
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    return command.name === 'backup'
      ? await backup(config, command.out, io)
      : await restore(config, command.from, command.force, io);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `The Rummage server (pid ${error.pid}) is using the database in ${error.dir}. The embedded database ` +
          `allows one process at a time: stop the server and run npm run ${command.name} again` +
          (command.name === 'backup' ? ', or set BACKUP_DIR so the running server backs itself up.' : '.'),
      );
      return 1;
    }
    if (error instanceof BackupError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (invokedDirectly) {
  // The same .env `npm start` reads, so the command finds the same installation; the shell's variables win.
  const envFile = join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  runBackupCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
