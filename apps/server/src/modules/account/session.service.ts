import type { Locale, Role } from '@rummage/contract';
import type { Database } from '../../db/client.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import {
  insertSession,
  liveSessionLookup,
  revokeSession,
  revokeUserSessions,
  sessionStates,
  touchSession,
} from './account.repository.js';

/** Sessions live 30 days after the last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute, so a busy client does not turn every read into a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const MAX_TOKEN_LENGTH = 200;

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  /** The language the person saved; null or left out lets their browser decide (plugins/locale.ts). */
  language?: Locale | null;
}

export interface Authenticated {
  user: AuthUser;
  sessionId: number;
}

export interface SessionState {
  sessionId: number;
  /** Not revoked and not expired (a banned person's sessions are revoked too, but `banned` says why). */
  live: boolean;
  banned: boolean;
  role: Role;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(db: Database, clock: () => Date = () => new Date()) {
  const findLiveSession = liveSessionLookup(db);
  return {
    /** Opens a session and answers its bearer token; only the token's hash is stored. */
    async open(userId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<string> {
      const now = clock();
      const token = newToken();
      await insertSession(db, {
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    /** The user behind a bearer token, or null for anything unknown, revoked, expired or banned. */
    async authenticate(token: string | undefined): Promise<Authenticated | null> {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      const now = clock();
      const row = await findLiveSession(hashToken(token), now);
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await touchSession(db, row.sessionId, now, new Date(now.getTime() + SESSION_TTL_MS));
      }
      return { user: row.user, sessionId: row.sessionId };
    },

    revoke(sessionId: number): Promise<void> {
      return revokeSession(db, sessionId, clock());
    },

    revokeAllOf(userId: number): Promise<void> {
      return revokeUserSessions(db, userId, clock());
    },

    /** Whether each session is still live, whether its person is banned, and their role now; one query. */
    states(sessionIds: readonly number[]): Promise<SessionState[]> {
      return sessionStates(db, sessionIds, clock());
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header (the SPEC's clients strip a leading "Bearer" too). */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
