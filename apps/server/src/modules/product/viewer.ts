import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is reading, unhashed: the user id when signed in, otherwise IP and user agent. It never leaves the process
 * as it is: `viewerKey` and the feed's snapshot key (snapshots.ts) each store only a hash of it.
 */
export function readerIdentity(request: Pick<FastifyRequest, 'user' | 'ip' | 'headers'>): string {
  if (request.user) return `u:${request.user.id}`;
  return `rummage-viewer\n${request.ip}\n${request.headers['user-agent'] ?? ''}`;
}

/**
 * Who is looking, for counting views: the user id when signed in, otherwise a hash of IP and user agent (the raw IP
 * is never stored). People behind one NAT with the same browser build count as one visitor; that under-counts a
 * little, which is the safe direction for a view counter.
 */
export function viewerKey(request: Pick<FastifyRequest, 'user' | 'ip' | 'headers'>): string {
  const identity = readerIdentity(request);
  if (request.user) return identity;
  return `v:${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}`;
}
