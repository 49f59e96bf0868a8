import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { API, normalizePhoneNumber, type RegisterRequest, type Role } from '@rummage/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/account/account.repository.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** A real user row, made through the repository with a real argon2 hash. */
export async function createUser(
  app: FastifyInstance,
  fields: Partial<{
    username: string;
    email: string;
    password: string;
    role: Role;
    banned: boolean;
    /** The address is verified unless this says false (what a person who opened the link is). */
    verified: boolean;
  }> = {},
): Promise<TestUser> {
  const username = fields.username ?? `user${unique()}`;
  const email = fields.email ?? `${username.toLowerCase()}@example.test`;
  const password = fields.password ?? 'Secret123!';
  const { id } = await insertUser(app.parts.storage.database.db, {
    username,
    email,
    passwordHash: await hashPassword(password),
    role: fields.role ?? 'user',
    phoneE164: normalizePhoneNumber('(312) 555-0100') ?? null,
    address: 'Chicago, IL',
    latitude: 41.8781,
    longitude: -87.6298,
    termsAcceptedAt: new Date(),
    bannedAt: fields.banned ? new Date() : null,
    emailVerifiedAt: fields.verified === false ? null : new Date(),
  });
  return { id, username, email, password };
}

export async function banUser(app: FastifyInstance, userId: number): Promise<void> {
  await app.parts.storage.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));
}

/** Signs a user in through the service and answers the bearer token. */
export async function signIn(app: FastifyInstance, user: TestUser): Promise<string> {
  return (await app.parts.people.accounts.login(user.username, user.password)).authToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Deletes the account signed in with `token`, confirmed with its password, as the edit-profile page does. */
export async function deleteAccount(app: FastifyInstance, token: string, password: string): Promise<void> {
  const response = await app.inject({
    method: 'DELETE',
    url: API.account.delete,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ password }),
  });
  if (response.statusCode !== 200)
    throw new Error(`deleting the account answered ${response.statusCode}: ${response.body}`);
}

/** Fetches a challenge from the app and solves it the way the ALTCHA widget does; answers the form payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: API.captcha.challenge });
  if (response.statusCode !== 200) throw new Error(`challenge answered ${response.statusCode}`);
  return answerChallenge(response.json<Challenge>());
}

/** Solves a challenge the app gave; answers the form payload (`captchaToken`). */
export async function answerChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge could not be solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A valid registration form; pass a captcha token from solveCaptcha. */
export function registration(fields: Partial<RegisterRequest> = {}): RegisterRequest {
  const username = fields.userName ?? `user${unique()}`;
  return {
    userName: username,
    email: `${username.toLowerCase()}@example.test`,
    password: 'Secret123!',
    phoneNumber: '(312) 555-0142',
    latitude: 41.8781,
    longitude: -87.6298,
    address: 'Chicago, IL',
    isCaptchaVerified: true,
    acceptTerms: true,
    ...fields,
  };
}
