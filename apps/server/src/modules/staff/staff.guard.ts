import type { FastifyRequest } from 'fastify';
import { messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../account/session.service.js';
import { requireUser } from '../../plugins/auth.js';
import { isStaff } from '../support/support.service.js';

/**
 * The staff console's one gate, hooked on every /api/Staff route: visitors get 401, signed-in people who are not
 * staff or admin 403. It runs on request, before the body is read, so nobody else learns what a body should be.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!isStaff(requireUser(request))) throw new HttpError(403, messages.staff.staffOnly);
}

/** On top of requireStaff, for role changes: admins only. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (requireUser(request).role !== 'admin') throw new HttpError(403, messages.staff.adminOnly);
}

/** The signed-in staff member of a guarded route. */
export const staffMember = (request: FastifyRequest): AuthUser => requireUser(request);
