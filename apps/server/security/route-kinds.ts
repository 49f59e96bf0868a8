import type { Caller, World } from './world.js';

/**
 * Who may call a route, and so what each caller must get:
 * - public: everyone, visitors included, gets a 2xx;
 * - signed-in: visitors 401; any signed-in person 2xx, acting only on their own data;
 * - owner: the request names the owner's resource: visitors 401, anyone else 403/404 with nothing changed;
 * - participant: the request names the owner's chat: visitors 401; others get a 2xx about their own (empty) side
 *   or 403/404, never the chat's content, and the owner's chat stays as it was;
 * - staff / admin: visitors 401, people without the role 403, with nothing changed;
 * - hub-connection: a SignalR transport request on the owner's connection: visitors and others refused;
 * - not-allowed: 405 for everyone.
 */
export type Access =
  'public' | 'signed-in' | 'owner' | 'participant' | 'staff' | 'admin' | 'hub-connection' | 'not-allowed';

export interface Call {
  method: string;
  url: string;
  payload?: string | Buffer | object;
  /** On top of the caller's Authorization header (and may replace it). */
  headers?: Record<string, string>;
}

export interface Prepared {
  /** How a caller sends the request; the last caller (owner, staff or admin) must succeed with it. */
  call(caller: Caller): Call | Promise<Call>;
  /** What a refused call must leave unchanged. */
  state?(): Promise<unknown>;
  /** Statuses a caller gets instead of the access rule's answer (the owner cannot report their own listing…). */
  expect?: Partial<Record<Caller, number[]>>;
  /** Staff may do this on the owner's resource (support tickets): a 2xx instead of a refusal. */
  staffAllowed?: boolean;
  /** Secrets the succeeding caller does read here: proof that the leak checks on the other callers can see them. */
  reveals?: Array<keyof World['secrets']>;
}

export interface RouteCase {
  access: Access;
  /** False for the SignalR endpoints: the document lists them without their answers (not a JSON API). */
  documented?: false;
  /**
   * Some of its answers go to visitors too, so the document says a session is optional: the SPEC's client deletes a
   * garage sale whose countdown ended from any viewer's page. `access` is what the call needs on a live one.
   */
  visitorsAnswered?: true;
  prepare(w: World): Prepared | Promise<Prepared>;
}

export const fixed = (call: Call, extra: Omit<Prepared, 'call'> = {}): Prepared => ({
  call: () => call,
  ...extra,
});
export const get = (access: Access, url: (w: World) => string): RouteCase => ({
  access,
  prepare: (w) => fixed({ method: 'GET', url: url(w) }),
});
/** JSON content type and no body, as the SPEC's client sends like-unlike, follow-unfollow and DELETEs. */
export const EMPTY_JSON = { 'content-type': 'application/json' };
