// `npm run admin -- <command>`: account roles from a shell, for the first admin and for emergencies.
// It opens the database the way the server does (DATABASE_URL, else PGlite in DATA_DIR) and applies migrations.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseOptions } from './composition/index.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { waitingForDatabase } from './db/first-connection.js';
import { DataDirLockedError } from './db/lock.js';
import { repoRoot } from './lib/package-paths.js';
import { createAdmin, revokeAdminByUsername, setStaffByUsername } from './modules/staff/admin.js';

const USAGE = `Usage:
  npm run admin -- create <username> <email>     create an admin (password from ADMIN_PASSWORD, else generated)
  npm run admin -- grant-staff <username>        make someone support staff
  npm run admin -- revoke-staff <username>       take the staff role back
  npm run admin -- revoke-admin <username>       make an admin an ordinary user (never the last admin)`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command against an open database; answers the process exit code. */
export async function runAdminCommand(
  db: DatabaseHandle['db'],
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'create' && rest.length === 2) {
    const [username, email] = rest as [string, string];
    const password = env.ADMIN_PASSWORD?.trim() ? env.ADMIN_PASSWORD : undefined;
    const result = await createAdmin(db, { username, email, password });
    if (!result.ok) {
      io.err(`Not created: ${result.message}`);
      return 1;
    }
    io.out(`Admin @${result.username} created (id ${result.id}).`);
    if (result.generated) {
      io.out(`Password (shown only this once; sign in and keep it somewhere safe): ${result.password}`);
    } else {
      io.out('Password: the one in ADMIN_PASSWORD.');
    }
    return 0;
  }
  if ((command === 'grant-staff' || command === 'revoke-staff') && rest.length === 1) {
    const result = await setStaffByUsername(db, rest[0]!, command === 'grant-staff');
    (result.ok ? io.out : io.err)(result.message);
    return result.ok ? 0 : 1;
  }
  if (command === 'revoke-admin' && rest.length === 1) {
    const result = await revokeAdminByUsername(db, rest[0]!);
    (result.ok ? io.out : io.err)(result.message);
    return result.ok ? 0 : 1;
  }
  io.err(USAGE);
  return 2;
}

async function main(): Promise<number> {
  // The same .env `npm start` reads, so the command finds the same database; the shell's variables win.
  const envFile = join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const io: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
  if (!['create', 'grant-staff', 'revoke-staff', 'revoke-admin'].includes(process.argv[2] ?? '')) {
    io.err(USAGE);
    return 2;
  }
  let handle: DatabaseHandle;
  try {
    const config = loadConfig();
    handle = await openDatabase(
      databaseOptions(config, undefined, (reason) =>
        io.err(waitingForDatabase(config.databaseUrl ?? '', reason, config.databaseWaitMs)),
      ),
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(
        `The Rummage server (pid ${error.pid}) is using the database in ${error.dir}. The embedded database ` +
          'allows one process at a time: stop the server, run this command, then start it again ' +
          '(or, while it runs, grant and revoke staff from the staff console as an admin).',
      );
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await handle.migrate();
    return await runAdminCommand(handle.db, process.argv.slice(2), process.env, io);
  } finally {
    await handle.close();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
