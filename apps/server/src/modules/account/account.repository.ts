import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { preparedRows, type Database } from '../../db/client.js';
import { passwordResetTokens, sessions, users, type UserRow } from '../../db/schema.js';

/** `Database` or a transaction: every function here works inside `withTransaction` too. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const lower = (value: string) => value.toLowerCase();

export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** People may sign in with their username or their e-mail, in any letter case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = lower(login);
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${lower(email)}`)
    .limit(1);
  return row;
}

export async function findTakenNames(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = ${lower(username)}`, sql`lower(${users.email}) = ${lower(email)}`),
    );
  return {
    username: rows.some((row) => lower(row.username) === lower(username)),
    email: rows.some((row) => lower(row.email) === lower(email)),
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<{ id: number; username: string }> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id, username: users.username });
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<number> {
  const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

/** A live session and its user: not revoked, not expired, user not banned. */
export interface LiveSession {
  sessionId: number;
  lastSeenAt: Date;
  user: { id: number; username: string; role: UserRow['role'] };
}

/** The name the live-session lookup is prepared under. */
export const LIVE_SESSION_STATEMENT = 'rummage_live_session';

interface RawLiveSession extends Record<string, unknown> {
  sessionId: string | number;
  lastSeenMs: number;
  userId: string | number;
  username: string;
  role: UserRow['role'];
  language: UserRow['language'];
}

/**
 * Every signed-in request and every hub connection starts with this lookup, so it is prepared once by name
 * (`preparedRows`): parsing and planning it each time cost three times its execution on PGlite (0.62 against 0.20 ms
 * a lookup, measured 2026-11-28), and a reconnect storm of hub clients is mostly this query.
 */
export function liveSessionLookup(
  db: Database,
): (tokenHash: string, now: Date) => Promise<LiveSession | undefined> {
  const run = preparedRows<RawLiveSession>(
    db,
    sql`select ${sessions.id} as "sessionId", floor(extract(epoch from ${sessions.lastSeenAt}) * 1000)::float8 as "lastSeenMs",
      ${users.id} as "userId", ${users.username} as username, ${users.role} as role,
      ${users.language} as language
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')} and ${sessions.revokedAt} is null
        and ${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz and ${users.bannedAt} is null
      limit 1`,
    LIVE_SESSION_STATEMENT,
  );
  return async (tokenHash, now) => {
    const [row] = await run({ tokenHash, now: now.toISOString() });
    if (!row) return undefined;
    return {
      sessionId: Number(row.sessionId),
      lastSeenAt: new Date(row.lastSeenMs),
      user: { id: Number(row.userId), username: row.username, role: row.role, language: row.language },
    };
  };
}

export async function touchSession(
  db: Db,
  sessionId: number,
  lastSeenAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Where each of these sessions stands now, in one query however many there are (the hubs' periodic check of
 * their connections). A session that no longer exists has no row.
 */
export async function sessionStates(db: Db, sessionIds: readonly number[], now: Date) {
  if (sessionIds.length === 0) return [];
  return (
    db
      .select({
        sessionId: sessions.id,
        live: sql<boolean>`(${isNull(sessions.revokedAt)} and ${gt(sessions.expiresAt, now)})`,
        banned: sql<boolean>`(${isNotNull(users.bannedAt)})`,
        role: users.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // One array parameter, not one per id: the list is as long as the process has hub connections.
      .where(sql`${sessions.id} = any(${sql.param([...sessionIds])}::integer[])`)
  );
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertResetToken(
  db: Db,
  token: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

export async function findUsableResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks the token used if, and only if, it is still usable; the single UPDATE makes two simultaneous submits of
 * one link impossible to both succeed. Answers the user id, or undefined when the token was not usable.
 */
export async function claimResetToken(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Other links sent to the same person stop working once the password has changed. */
export async function retireResetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
