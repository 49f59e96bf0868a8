/**
 * The signed-in people of bench/mixed: buyer accounts written straight into the bench database, each with a
 * session opened by the app's own session service (the bearer token is what the sign-in answer would hold).
 * Accounts are a month old, as regulars are: the chat limits for new accounts (5 new chats an hour) would
 * otherwise count against a bench that runs for minutes.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createSessionService } from '../../apps/server/src/modules/account/session.service.js';

export interface Account {
  id: number;
  username: string;
  token: string;
}

export async function createBuyers(url: string, count: number): Promise<Account[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let people: Array<{ id: number; username: string }>;
  try {
    const { rows } = await client.query<{ id: string; username: string }>(
      `insert into users (username, email, password_hash, terms_accepted_at, created_at)
       select 'buyer' || g, 'buyer' || g || '@bench.invalid', 'bench-not-a-hash', now(), now() - interval '30 days'
       from generate_series(1, $1::int) g
       returning id, username`,
      [count],
    );
    people = rows.map((row) => ({ id: Number(row.id), username: row.username }));
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ kind: 'pg', url, poolSize: 4 });
  try {
    const sessions = createSessionService(handle.db);
    const accounts: Account[] = [];
    for (const { id, username } of people) {
      accounts.push({ id, username, token: await sessions.open(id, { userAgent: 'bench/mixed' }) });
    }
    return accounts;
  } finally {
    await handle.close();
  }
}

/** The id range of the loaded listings, for product ids a user opens before any page showed one. */
export async function productIdRange(url: string): Promise<{ min: number; max: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ min: string; max: string }>(
      `select min(id) as min, max(id) as max from products`,
    );
    return { min: Number(rows[0]?.min), max: Number(rows[0]?.max) };
  } finally {
    await client.end();
  }
}
