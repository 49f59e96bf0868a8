import type pg from 'pg';

/**
 * PostgreSQL could not be used at start-up: unreachable for the whole wait, or it refused the URL's user, password
 * or database. The message is one line an operator can act on (server.ts prints it without a stack trace).
 */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Host and port of a postgres:// URL, for messages (never the password). */
export function postgresAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || 5432}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

const codeOf = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Failures that end when PostgreSQL comes up (a container starting next to it, a restart): worth retrying. A refused
 * password or a missing database will not fix itself, so those are reported at once.
 */
const PASSING = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P03', // the database system is starting up
  '53300', // too many connections
]);

function isPassing(error: unknown): boolean {
  const code = codeOf(error);
  if (code) return PASSING.has(code);
  // node-postgres's own connection timeout carries no code.
  return error instanceof Error && /timeout|terminated unexpectedly/i.test(error.message);
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EAI_AGAIN: 'host name not resolved',
  ENOTFOUND: 'host name not found',
  '57P03': 'the database system is starting up',
  '53300': 'too many connections',
};

/** The one line said when PostgreSQL cannot be used; `waitedMs` is how long it was retried. */
export function describeDatabaseFailure(url: string, error: unknown, waitedMs: number): string {
  const at = `PostgreSQL at ${postgresAddress(url)}`;
  const code = codeOf(error);
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  let user = 'the user';
  let database = 'the database';
  try {
    const parsed = new URL(url);
    user = `user "${decodeURIComponent(parsed.username) || 'postgres'}"`;
    database = `database "${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}"`;
  } catch {
    // postgresAddress already says the URL is unreadable.
  }
  if (code === '28P01' || code === '28000') {
    return `DATABASE_URL: ${at} refused ${user} (${detail}). Check the user name and password in DATABASE_URL.`;
  }
  if (code === '3D000') {
    return `DATABASE_URL: ${at} has no ${database}. Create it (createdb) or fix the name at the end of DATABASE_URL.`;
  }
  if (isPassing(error)) {
    const seconds = Math.round(waitedMs / 1000);
    const tried = seconds > 0 ? `, still after ${seconds} s of retries` : '';
    return (
      `DATABASE_URL: cannot reach ${at} (${(code && REASONS[code]) ?? detail}${tried}). ` +
      'Check that PostgreSQL is running and that the URL is right.'
    );
  }
  return `DATABASE_URL: ${at} could not be used (${detail}). Check the URL and the server's settings.`;
}

/** Said once while start-up (or a command) waits for PostgreSQL, so a person watching knows it is not stuck. */
export function waitingForDatabase(url: string, reason: string, waitMs: number): string {
  return `waiting for PostgreSQL at ${postgresAddress(url)} (${reason}); giving up after ${Math.round(waitMs / 1000)} s`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until PostgreSQL accepts a connection, retrying passing failures for up to `waitMs` (each attempt's own
 * timeout is cut to what is left, so the whole wait stays within it). Throws DatabaseUnreachableError.
 */
export async function firstConnection(
  Client: typeof pg.Client,
  url: string,
  waitMs: number,
  onRetry?: (reason: string) => void,
): Promise<void> {
  const started = Date.now();
  let delay = 250;
  let said = false;
  for (;;) {
    const left = waitMs - (Date.now() - started);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: Math.max(1_000, left) });
    // A socket error after connect() failed must not become an uncaught 'error' event.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const waited = Date.now() - started;
      // The last try comes at the end of the wait, not a delay short of it: the failure then says the same number
      // of seconds as the "giving up after" line said while waiting.
      if (!isPassing(error) || waited >= waitMs) {
        throw new DatabaseUnreachableError(describeDatabaseFailure(url, error, waited), { cause: error });
      }
      if (!said) {
        said = true;
        const code = codeOf(error);
        onRetry?.((code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error)));
      }
      await sleep(Math.min(delay, waitMs - waited));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}
