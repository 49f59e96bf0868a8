import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fieldErrors, messages, passwordSchema, registerRequestSchema } from '@rummage/contract';
import { ConfigError } from '../../config.js';
import { withTransaction, type Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { sqlState } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { findTakenNames, insertUser } from '../account/account.repository.js';
import { recordAction } from './moderation-log.repository.js';
import { changeStaffRole } from './staff.service.js';

/** Who the first admin is: from the admin command's arguments or the ADMIN_* variables. */
export interface AdminAccount {
  username: string;
  email: string;
  /** Absent: a strong one is generated and answered once. */
  password?: string;
}

export type CreateAdminResult =
  | { ok: true; id: number; username: string; password: string; generated: boolean }
  | { ok: false; message: string };

const accountSchema = z.object({
  username: registerRequestSchema.shape.userName,
  email: registerRequestSchema.shape.email,
  password: passwordSchema.optional(),
});

/** 24 random characters plus one of each kind the password rule asks for, at random places. */
export function generatePassword(): string {
  const chars = [...randomBytes(18).toString('base64url')];
  for (const required of ['ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+=?@']) {
    chars.splice(randomInt(chars.length + 1), 0, required[randomInt(required.length)]!);
  }
  return chars.join('');
}

/**
 * Creates an admin account (and records it in the moderation log with no actor). Refuses, with a sentence to
 * print, a name or e-mail someone already has and anything the registration form would refuse.
 */
export async function createAdmin(db: Database, input: AdminAccount): Promise<CreateAdminResult> {
  const parsed = accountSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, message: Object.values(fieldErrors(parsed.error)).join(' ') };
  }
  const { username, email } = parsed.data;
  const generated = parsed.data.password === undefined;
  const password = parsed.data.password ?? generatePassword();
  const taken = await findTakenNames(db, username, email);
  if (taken.username) return { ok: false, message: `${messages.register.usernameTaken} (${username})` };
  if (taken.email) return { ok: false, message: `${messages.register.emailTaken} (${email})` };
  const passwordHash = await hashPassword(password);
  try {
    const id = await withTransaction(db, async (tx) => {
      const user = await insertUser(tx, {
        username,
        email,
        passwordHash,
        role: 'admin',
        termsAcceptedAt: new Date(),
      });
      await recordAction(tx, { actorId: null, action: 'create-admin', targetUserId: user.id });
      return user.id;
    });
    return { ok: true, id, username, password, generated };
  } catch (error) {
    // Someone registered the same name or e-mail between the check and the insert.
    if (sqlState(error) === '23505') return { ok: false, message: messages.register.usernameTaken };
    throw error;
  }
}

/** Grants or revokes the staff role by username (the admin command); answers a sentence to print. */
export async function setStaffByUsername(
  db: Database,
  username: string,
  grant: boolean,
): Promise<{ ok: boolean; message: string }> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!row) return { ok: false, message: messages.staff.userNotFound };
  const result = await changeStaffRole(db, null, row.id, grant);
  if (!result.ok) return { ok: false, message: result.message };
  return {
    ok: true,
    message: (grant ? messages.staff.staffGranted : messages.staff.staffRevoked).replace(
      '{username}',
      result.username,
    ),
  };
}

/**
 * Takes the admin role back (the admin command only: admins cannot demote each other in the console). The person
 * becomes an ordinary user; the last admin stays, so the staff console can never be left without one.
 */
export async function revokeAdminByUsername(
  db: Database,
  username: string,
): Promise<{ ok: boolean; message: string }> {
  return withTransaction(db, async (tx) => {
    // Every admin row is locked, so two revocations at once cannot both pass the last-admin check.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.bannedAt)))
      .orderBy(users.id)
      .for('update');
    const [row] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    if (!row) return { ok: false, message: messages.staff.userNotFound };
    if (row.role !== 'admin') return { ok: false, message: messages.staff.notAdmin };
    if (admins.every((admin) => admin.id === row.id)) {
      return { ok: false, message: messages.staff.lastAdmin };
    }
    await tx.update(users).set({ role: 'user' }).where(eq(users.id, row.id));
    await recordAction(tx, { actorId: null, action: 'revoke-admin', targetUserId: row.id });
    return { ok: true, message: messages.staff.adminRevoked.replace('{username}', row.username) };
  });
}

export const ADMIN_VARIABLES = ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const;

/**
 * The container bootstrap's account from ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD: undefined when none is
 * set; a ConfigError naming what is missing or wrong when only some are (a half-configured admin is a mistake
 * worth stopping for).
 */
export function adminBootstrapFromEnv(env: NodeJS.ProcessEnv = process.env): AdminAccount | undefined {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  const [username, email, password] = ADMIN_VARIABLES.map(value);
  if (!username && !email && !password) return undefined;
  const problems = ADMIN_VARIABLES.filter((name) => !value(name)).map(
    (name) => `${name} is required when any of ${ADMIN_VARIABLES.join(', ')} is set`,
  );
  if (problems.length === 0) {
    const parsed = accountSchema.safeParse({ username, email, password });
    if (!parsed.success) {
      const names = { username: 'ADMIN_USERNAME', email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' } as const;
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        problems.push(`${names[field as keyof typeof names] ?? field}: ${message}`);
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { username: username!, email: email!, password: password! };
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Start-up bootstrap for containers: creates the configured admin unless someone already has that username
 * (then nothing changes, so a restart or a later password change is never overwritten). A conflict on the
 * e-mail is logged, not fatal: the site still starts.
 */
export async function bootstrapAdmin(
  db: Database,
  account: AdminAccount | undefined,
  log: Log,
): Promise<'created' | 'exists' | 'skipped'> {
  if (!account) return 'skipped';
  const taken = await findTakenNames(db, account.username, account.email);
  if (taken.username) {
    log.info({ username: account.username }, 'admin bootstrap: the user already exists; nothing changed');
    return 'exists';
  }
  const result = await createAdmin(db, account);
  if (!result.ok) {
    log.warn({ username: account.username }, `admin bootstrap refused: ${result.message}`);
    return 'skipped';
  }
  log.info({ username: result.username, userId: result.id }, 'admin bootstrap: admin account created');
  return 'created';
}
