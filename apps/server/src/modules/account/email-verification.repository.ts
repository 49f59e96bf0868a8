import { createHash } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailVerificationSends, emailVerificationTokens, users } from '../../db/schema.js';

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The daily cap counts addresses, not accounts, and keeps only this digest of them. */
export const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Who a verification e-mail would go to, as the job finds them when it runs. */
export async function findAddressee(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      bannedAt: users.bannedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function isEmailVerified(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verifiedAt != null;
}

/** Sends to one address take turns, so two accounts naming it cannot both pass the cap's count at once. */
export async function lockAddress(db: Db, hash: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`verify-address:${hash}`}, 0))`);
}

/** Sends to this address since `since`, oldest first: how many, and when the oldest leaves the window. */
export async function sendsSince(db: Db, hash: string, since: Date) {
  const [row] = await db
    .select({ sends: count(), oldest: sql<Date | null>`min(${emailVerificationSends.sentAt})` })
    .from(emailVerificationSends)
    .where(and(eq(emailVerificationSends.addressHash, hash), gt(emailVerificationSends.sentAt, since)));
  const oldest = row?.oldest ?? null;
  return { sends: row?.sends ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}

export async function recordSend(db: Db, hash: string, sentAt: Date): Promise<number> {
  const [row] = await db
    .insert(emailVerificationSends)
    .values({ addressHash: hash, sentAt })
    .returning({ id: emailVerificationSends.id });
  if (!row) throw new Error('insert into email_verification_sends returned no row');
  return row.id;
}

/** A send whose e-mail could not be handed over does not count, and its link never existed. */
export async function forgetSend(db: Db, sendId: number, tokenHash: string): Promise<void> {
  await db.delete(emailVerificationSends).where(eq(emailVerificationSends.id, sendId));
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash));
}

export async function insertToken(db: Db, token: typeof emailVerificationTokens.$inferInsert): Promise<void> {
  await db.insert(emailVerificationTokens).values(token);
}

/**
 * Marks the token used if, and only if, it is still usable (one UPDATE, so a link opened twice at once verifies
 * once). Answers whose address it confirms, or undefined.
 */
export async function claimToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row;
}

/** The token however it stands (used, expired), for telling a second click from a bad link. */
export async function findToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Verifies the person's address if it is still the one the link was sent to (they may have changed it since).
 * Answers whether it did.
 */
export async function markVerified(db: Db, userId: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Links sent to the person before stop working once one of them verified the address, or it changed. */
export async function retireTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}
