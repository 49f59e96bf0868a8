import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is looking, for counting views and remembering feed snapshots: the user id when signed in, otherwise a
 * hash of IP and user agent (the raw IP is never stored). People behind one NAT with the same browser build
 * count as one visitor; that under-counts a little, which is the safe direction for a view counter.
 */
export function viewerKey(request: Pick<FastifyRequest, 'user' | 'ip' | 'headers'>): string {
  if (request.user) return `u:${request.user.id}`;
  const agent = request.headers['user-agent'] ?? '';
  const digest = createHash('sha256').update(`rummage-viewer\n${request.ip}\n${agent}`).digest('base64url');
  return `v:${digest.slice(0, 27)}`;
}
