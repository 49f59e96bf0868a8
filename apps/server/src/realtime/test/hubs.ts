import type { AuthUser } from '../../modules/account/session.service.js';
import { HubException, type HubDefinition } from '../hub.js';

/** Test users: the bearer token each test client presents, and who it stands for. */
export const TEST_USERS = {
  alice: { token: 'token-alice', user: { id: 1, username: 'alice', role: 'user' } },
  bob: { token: 'token-bob', user: { id: 2, username: 'bob', role: 'user' } },
} as const satisfies Record<string, { token: string; user: AuthUser }>;

/** Each test user has one session, numbered like the user. */
export async function authenticateTestToken(
  token: string | undefined,
): Promise<{ user: AuthUser; sessionId: number } | null> {
  const entry = Object.values(TEST_USERS).find((candidate) => candidate.token === token);
  return entry ? { user: { ...entry.user }, sessionId: entry.user.id } : null;
}

/** What the hubs saw, in order: "connected:<id>", "disconnected:<id>", "send:<text>". */
export type HubEvents = string[];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Three hubs: /hubs/test with the methods the conformance tests call, /hubs/other (a second hub with its own
 * connection table) and /hubs/broken, whose onConnected throws.
 */
export function createTestHubs(): { hubs: HubDefinition[]; events: HubEvents } {
  const events: HubEvents = [];
  const test: HubDefinition = {
    name: 'test',
    path: '/hubs/test',
    onConnected: ({ context }) => {
      events.push(`connected:${context.connectionId}`);
    },
    onDisconnected: ({ context }) => {
      events.push(`disconnected:${context.connectionId}`);
    },
    methods: {
      Echo: { argCount: 1, handler: (_hub, value) => value },
      Nothing: { argCount: 0, handler: () => undefined },
      Throw: {
        argCount: 1,
        handler: (_hub, message) => {
          throw new HubException(String(message));
        },
      },
      Fail: {
        argCount: 0,
        handler: () => {
          throw new Error('database password is hunter2');
        },
      },
      Whoami: {
        argCount: 0,
        handler: ({ context }) => ({ connectionId: context.connectionId, username: context.user.username }),
      },
      Slow: {
        argCount: 2,
        handler: async (_hub, ms, value) => {
          await delay(Number(ms));
          return value;
        },
      },
      Record: {
        argCount: 1,
        handler: (_hub, text) => {
          events.push(`send:${String(text)}`);
        },
      },
      SendToCaller: { argCount: 1, handler: ({ clients }, text) => clients.caller.send('Message', text) },
      SendToAll: { argCount: 1, handler: ({ clients }, text) => clients.all.send('Message', text) },
      SendToOthers: { argCount: 1, handler: ({ clients }, text) => clients.others.send('Message', text) },
      JoinGroup: {
        argCount: 1,
        handler: ({ context, groups }, group) => groups.addToGroup(context.connectionId, String(group)),
      },
      LeaveGroup: {
        argCount: 1,
        handler: ({ context, groups }, group) => groups.removeFromGroup(context.connectionId, String(group)),
      },
      SendToGroup: {
        argCount: 2,
        handler: ({ clients }, group, text) => clients.group(String(group)).send('Message', text),
      },
      SendToUser: {
        argCount: 2,
        handler: ({ clients }, userId, text) => clients.user(Number(userId)).send('Message', text),
      },
      Kick: { argCount: 1, handler: ({ context }, reason) => context.abort(String(reason)) },
    },
  };
  const other: HubDefinition = {
    name: 'other',
    path: '/hubs/other',
    methods: { Echo: { argCount: 1, handler: (_hub, value) => `other:${String(value)}` } },
  };
  const broken: HubDefinition = {
    name: 'broken',
    path: '/hubs/broken',
    onConnected: () => {
      throw new Error('cannot load the hub');
    },
    methods: { Echo: { argCount: 1, handler: (_hub, value) => value } },
  };
  return { hubs: [test, other, broken], events };
}
