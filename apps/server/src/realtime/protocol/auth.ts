import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken, type Authenticated, type AuthUser } from '../../modules/account/session.service.js';
import type { ServerConnection } from './connection.js';
import type { HubEndpoint } from './hub-endpoint.js';

/** A token's user and the session it belongs to: a connection ends with that session (delivery/sessions.ts). */
export type HubAuthenticate = (token: string | undefined) => Promise<Authenticated | null>;

/**
 * How a new connection's refusals are said: in the language of the request that made it (negotiate, or an upgrade
 * that skipped it) and of its person.
 */
export type HubWording = (headers: IncomingHttpHeaders, user: AuthUser) => (text: string) => string;

/**
 * The bearer token of a hub request: the Authorization header (negotiate, POST, long polling, Node WebSockets)
 * or the `access_token` query (browser WebSockets, SSE). Some clients put "Bearer " into the query value too.
 */
export function hubToken(
  authorization: string | undefined,
  accessToken: string | undefined,
): string | undefined {
  const fromHeader = bearerToken(authorization);
  if (fromHeader) return fromHeader;
  if (!accessToken) return undefined;
  const token = accessToken.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/** What a connection keeps of the token that negotiated it: enough to recognise it, never the token itself. */
export function credentialOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export type ConnectionLookup =
  { ok: true; connection: ServerConnection } | { ok: false; status: 400 | 401 | 404; message: string };

export const lookupTexts = {
  idRequired: 'Connection ID required',
  notFound: 'No Connection with that ID',
  changeTransport: 'Cannot change transports mid-connection',
} as const;

/**
 * Every request after negotiate must come from the user the connection was created for, so a connection token
 * seen by someone else is useless to them.
 */
export async function findConnection(
  endpoint: HubEndpoint,
  authenticate: HubAuthenticate,
  token: string | undefined,
  id: string | undefined,
  loginRequired: string,
): Promise<ConnectionLookup> {
  const session = await authenticate(token);
  if (!session) return { ok: false, status: 401, message: loginRequired };
  if (!id) return { ok: false, status: 400, message: lookupTexts.idRequired };
  const connection = endpoint.find(id);
  if (!connection) return { ok: false, status: 404, message: lookupTexts.notFound };
  if (connection.user.id !== session.user.id) return { ok: false, status: 401, message: loginRequired };
  return { ok: true, connection };
}
