import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages } from '@rummage/contract';
import { runAdminCommand, type CliOutput } from '../../admin-cli.js';
import { ConfigError } from '../../config.js';
import { acquireDataDirLock } from '../../db/lock.js';
import { users } from '../../db/schema.js';
import { serverPackageDir } from '../../lib/package-paths.js';
import { buildTestApp, migratedDataDir, type TestApp } from '../../test/app.js';
import { bearer, createUser } from '../../test/factories.js';
import { adminBootstrapFromEnv, bootstrapAdmin, createAdmin, generatePassword } from './admin.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function login(userName: string, password: string) {
  return t.app.inject({ method: 'POST', url: API.account.login, payload: { userName, password } });
}

async function roleOf(userName: string, password: string): Promise<string> {
  const response = await login(userName, password);
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json().data.authToken as string;
  const me = await t.app.inject({ method: 'GET', url: API.account.me, headers: bearer(token) });
  return me.json().data.role as string;
}

function capture(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

const silentLog = { info() {}, warn() {} };

describe('creating an admin', () => {
  it('generates a strong password that signs in as admin, and logs the creation', async () => {
    const result = await createAdmin(t.app.parts.storage.database.db, {
      username: 'rootadmin',
      email: 'root@admin.test',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.generated).toBe(true);
    expect(result.password).toMatch(/^(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{24,}$/);
    expect(await roleOf('rootadmin', result.password)).toBe('admin');
    const token = (await login('rootadmin', result.password)).json().data.authToken as string;
    const log = await t.app.inject({ method: 'GET', url: API.staff.moderationLog, headers: bearer(token) });
    expect(log.json().data[0]).toMatchObject({
      action: 'create-admin',
      actor: null,
      targetUser: { username: 'rootadmin' },
    });
  });

  it('refuses a taken username (any case) or e-mail, and a name the registration form would refuse', async () => {
    const taken = await createUser(t.app, { username: 'Takenname' });
    const byName = await createAdmin(t.app.parts.storage.database.db, {
      username: 'takenNAME',
      email: 'fresh@admin.test',
    });
    expect(byName).toEqual({ ok: false, message: `${messages.register.usernameTaken} (takenNAME)` });
    const byEmail = await createAdmin(t.app.parts.storage.database.db, {
      username: 'freshname',
      email: taken.email.toUpperCase(),
    });
    expect(byEmail.ok).toBe(false);
    const badName = await createAdmin(t.app.parts.storage.database.db, {
      username: 'no spaces',
      email: 'x@admin.test',
    });
    expect(badName).toEqual({ ok: false, message: messages.register.usernameChars });
    const weak = await createAdmin(t.app.parts.storage.database.db, {
      username: 'weakadmin',
      email: 'w@admin.test',
      password: 'abc',
    });
    expect(weak).toEqual({ ok: false, message: messages.register.passwordRule });
  });

  it('never repeats a generated password', () => {
    expect(new Set(Array.from({ length: 50 }, generatePassword)).size).toBe(50);
  });
});

describe('npm run admin', () => {
  it('creates an admin with ADMIN_PASSWORD, grants and revokes staff, and explains mistakes', async () => {
    const db = t.app.parts.storage.database.db;
    const io = capture();
    expect(
      await runAdminCommand(
        db,
        ['create', 'cliadmin', 'cli@admin.test'],
        { ADMIN_PASSWORD: 'Cli-Admin-1' },
        io,
      ),
    ).toBe(0);
    expect(io.lines[0]).toMatch(/^Admin @cliadmin created/);
    expect(await roleOf('cliadmin', 'Cli-Admin-1')).toBe('admin');

    const again = capture();
    expect(await runAdminCommand(db, ['create', 'CLIADMIN', 'other@admin.test'], {}, again)).toBe(1);
    expect(again.errors[0]).toContain(messages.register.usernameTaken);

    const helper = await createUser(t.app);
    const grant = capture();
    expect(await runAdminCommand(db, ['grant-staff', helper.username.toUpperCase()], {}, grant)).toBe(0);
    expect(grant.lines).toEqual([`@${helper.username} is now support staff.`]);
    expect(await roleOf(helper.username, helper.password)).toBe('staff');
    expect(await runAdminCommand(db, ['revoke-staff', helper.username], {}, capture())).toBe(0);
    expect(await roleOf(helper.username, helper.password)).toBe('user');
    const notStaff = capture();
    expect(await runAdminCommand(db, ['revoke-staff', helper.username], {}, notStaff)).toBe(1);
    expect(notStaff.errors).toEqual([messages.staff.notStaff]);
    const onAdmin = capture();
    expect(await runAdminCommand(db, ['revoke-staff', 'cliadmin'], {}, onAdmin)).toBe(1);
    expect(onAdmin.errors).toEqual([messages.staff.adminRoleFixed]);
    const nobody = capture();
    expect(await runAdminCommand(db, ['grant-staff', 'nosuchperson'], {}, nobody)).toBe(1);
    expect(nobody.errors).toEqual([messages.staff.userNotFound]);

    // An admin can be made an ordinary user again, but never the last one.
    const notAdmin = capture();
    expect(await runAdminCommand(db, ['revoke-admin', helper.username], {}, notAdmin)).toBe(1);
    expect(notAdmin.errors).toEqual([messages.staff.notAdmin]);
    const second = await createAdmin(db, { username: 'secondadmin', email: 'second@admin.test' });
    expect(second.ok).toBe(true);
    const demote = capture();
    expect(await runAdminCommand(db, ['revoke-admin', 'SecondAdmin'], {}, demote)).toBe(0);
    expect(demote.lines).toEqual(['@secondadmin is no longer an admin.']);
    const admins = await db.select({ username: users.username }).from(users).where(eq(users.role, 'admin'));
    const last = capture();
    for (const { username } of admins.slice(1))
      await runAdminCommand(db, ['revoke-admin', username], {}, capture());
    expect(await runAdminCommand(db, ['revoke-admin', admins[0]!.username], {}, last)).toBe(1);
    expect(last.errors).toEqual([messages.staff.lastAdmin]);
    const nobodyAgain = capture();
    expect(await runAdminCommand(db, ['revoke-admin', 'nosuchperson'], {}, nobodyAgain)).toBe(1);
    expect(nobodyAgain.errors).toEqual([messages.staff.userNotFound]);
    expect(nobody.errors).toEqual([messages.staff.userNotFound]);
    const usage = capture();
    expect(await runAdminCommand(db, ['create', 'onlyname'], {}, usage)).toBe(2);
    expect(usage.errors[0]).toContain('Usage:');
  });
});

describe('admin bootstrap from the environment', () => {
  it('reads nothing when no ADMIN_* variable is set, and names what is missing when only some are', () => {
    expect(adminBootstrapFromEnv({})).toBeUndefined();
    expect(adminBootstrapFromEnv({ ADMIN_USERNAME: ' ', ADMIN_EMAIL: '' })).toBeUndefined();
    let error: unknown;
    try {
      adminBootstrapFromEnv({ ADMIN_USERNAME: 'boss' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'ADMIN_EMAIL is required when any of ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD is set',
      'ADMIN_PASSWORD is required when any of ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD is set',
    ]);
    expect(() =>
      adminBootstrapFromEnv({
        ADMIN_USERNAME: 'boss',
        ADMIN_EMAIL: 'boss@admin.test',
        ADMIN_PASSWORD: 'short',
      }),
    ).toThrow(/ADMIN_PASSWORD: Password must be/);
  });

  it('creates the admin once; later starts leave the account (and its changed password) alone', async () => {
    const env = { ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@admin.test', ADMIN_PASSWORD: 'Boss-Pass-1' };
    const db = t.app.parts.storage.database.db;
    expect(await bootstrapAdmin(db, adminBootstrapFromEnv(env), silentLog)).toBe('created');
    expect(await roleOf('boss', 'Boss-Pass-1')).toBe('admin');
    const changed = { ...env, ADMIN_PASSWORD: 'Other-Pass-2' };
    expect(await bootstrapAdmin(db, adminBootstrapFromEnv(changed), silentLog)).toBe('exists');
    expect((await login('boss', 'Other-Pass-2')).statusCode).toBe(401);
    expect(await bootstrapAdmin(db, adminBootstrapFromEnv({}), silentLog)).toBe('skipped');
  });
});

describe('the admin command as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rummage-admin-cli-'));
  // Migrated already: creating a database is the server's first start (startup and e2e); here, what the command
  // does with one. A new one took the command past 25 s on a busy machine.
  beforeAll(() => migratedDataDir(dataDir));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The built command, as `npm run admin` runs it (src/test/built-server.ts builds it before the suite).
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(serverPackageDir, 'dist/admin-cli.js'), ...args], {
      cwd: serverPackageDir,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent' },
      timeout: 25_000,
    });

  it('creates an admin in the embedded database and prints the generated password once', () => {
    const result = run('create', 'firstadmin', 'first@admin.test');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Admin @firstadmin created/);
    expect(result.stdout).toMatch(/Password \(shown only this once.*\): \S{24,}/);
  });

  it('refuses politely while a server holds the embedded database', () => {
    const lock = acquireDataDirLock(join(dataDir, 'pglite'));
    try {
      const result = run('grant-staff', 'firstadmin');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`The Rummage server (pid ${process.pid}) is using the database`);
    } finally {
      lock.release();
    }
  });
});
