import { createServer } from 'node:net';
import { ConfigError } from './config.js';
import { DatabaseUnreachableError } from './db/first-connection.js';
import { DataDirLockedError } from './db/lock.js';
import { RedisRefusedError } from './services/redis/index.js';

/** Every start-up failure an operator can fix begins with this, one line each, without a stack trace. */
export const COULD_NOT_START = 'Rummage could not start:';

type SystemError = NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };

const isSystemError = (error: unknown): error is SystemError =>
  error instanceof Error && typeof (error as SystemError).code === 'string';

function listenProblem(error: SystemError, where: { host: string; port: number }): string | undefined {
  const at = `${where.host}:${where.port}`;
  if (error.syscall === 'getaddrinfo') {
    return `HOST: "${where.host}" is not a name or address of this machine (${error.code}). Set HOST to 127.0.0.1, 0.0.0.0 or one of this machine's addresses.`;
  }
  if (error.syscall !== 'listen' && error.syscall !== 'bind') return undefined;
  switch (error.code) {
    case 'EADDRINUSE':
      return `PORT: ${at} is already in use, by another Rummage or another program. Stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `PORT: this user may not listen on ${at} (ports below 1024 need privileges). Set PORT to 1024 or above and put a proxy in front.`;
    case 'EADDRNOTAVAIL':
      return `HOST: ${where.host} is not an address of this machine. Set HOST to 127.0.0.1, 0.0.0.0 or one of its addresses.`;
    default:
      return `PORT: cannot listen on ${at} (${error.code}). Check HOST and PORT.`;
  }
}

const FILE_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a file is in the way of a folder',
};

function fileReason(error: SystemError): string | undefined {
  if (error.code === 'EEXIST' && error.syscall === 'mkdir') return 'a file is in the way of a folder';
  // A parent that exists but takes no new folders, as /proc and /sys do.
  if (error.code === 'ENOENT' && error.syscall === 'mkdir') return 'no folder can be made there';
  return error.code ? FILE_REASONS[error.code] : undefined;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The lines to print for a failure an operator can fix (configuration, database, Redis, port, data folder), each
 * naming the variable to change; undefined for anything else, which is a bug and keeps its stack trace.
 */
export function startupProblems(error: unknown, where: { host: string; port: number }): string[] | undefined {
  let lines: string[] | undefined;
  if (error instanceof ConfigError) {
    lines = error.problems.map(
      (problem) =>
        `${sentence(problem)} Change it in the environment or in .env (.env.example lists them all).`,
    );
  } else if (
    error instanceof DatabaseUnreachableError ||
    error instanceof DataDirLockedError ||
    error instanceof RedisRefusedError
  ) {
    lines = [error.message];
  } else if (isSystemError(error)) {
    const listen = listenProblem(error, where);
    if (listen) lines = [listen];
    else if (error.path && fileReason(error)) {
      lines = [
        `DATA_DIR: cannot write to ${error.path} (${fileReason(error)}). Check that this user may write ` +
          'there, or point DATA_DIR (or the variable naming that folder) somewhere it can.',
      ];
    }
  }
  return lines?.map((line) => `${COULD_NOT_START} ${line}`);
}

/**
 * Fails, as listening would, when HOST:PORT is taken: checked before the database is opened, so a second Rummage
 * on the same port migrates and seeds nothing. The probe is closed again at once; listening itself still reports
 * a port taken in between.
 */
export function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
