import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session bearer tokens and password-reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so reading the database never yields a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
