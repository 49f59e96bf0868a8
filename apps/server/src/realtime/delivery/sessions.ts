/**
 * A hub connection belongs to the session it was opened with (docs/realtime.md, "Sessions"). When sessions end
 * (logout, logout everywhere, password reset, ban) their connections close on every process with a Close record
 * telling the client not to reconnect; a reconnect with the old token would be refused with 401 anyway. A role
 * change makes the person's connections reconnect, so the new ones carry the new role.
 *
 * The events travel between processes on the backplane, which drops messages while Redis is down. A periodic
 * check on every process is the safety net: one query for the sessions of all its connections.
 */
import { fillText, messages } from '@rummage/contract';
import type { EventBus } from '../../events/bus.js';
import type { SessionEndReason } from '../../events/domain-events.js';
import type { SessionService } from '../../modules/account/session.service.js';
import type { ConnectionInfo, RealtimeServer } from '../index.js';

/** How often each process checks the sessions of its connections when no event told it. */
export const SESSION_CHECK_INTERVAL_MS = 5_000;

interface Log {
  warn(object: object, message: string): void;
}

export interface HubSessionOptions {
  /** For the ban text ("Contact {email}…"). */
  supportEmail: string;
  /** How often the safety net runs (SESSION_CHECK_INTERVAL_MS unless set; tests shorten it). */
  checkEveryMs?: number;
  log: Log;
}

export interface HubSessions {
  /** One pass of the periodic check, now (tests; the timer runs it on its own). */
  check: () => Promise<void>;
  /** Stops the periodic check and waits for a pass still running. */
  stop: () => Promise<void>;
}

/**
 * Registered in the composition root: `sessions` says where the connections' sessions stand now (one query per
 * pass, SessionService.states).
 */
export function subscribeHubSessions(
  events: EventBus,
  realtime: RealtimeServer,
  sessions: Pick<SessionService, 'states'>,
  options: HubSessionOptions,
): HubSessions {
  const { log } = options;
  const banned = fillText(messages.login.banned, { email: options.supportEmail });
  const reasons: Record<SessionEndReason, string> = {
    logout: messages.login.loggedOut,
    logoutEverywhere: messages.login.loggedOutEverywhere,
    passwordReset: messages.passwordReset.passwordChanged,
    ban: banned,
    accountDeleted: messages.login.sessionEnded,
  };

  const unsubscribe = [
    events.on('session.ended', ({ userId, sessionIds, reason }) => {
      realtime.endUser(userId, reasons[reason], sessionIds ? { sessionIds } : {});
    }),
    // Reconnect rather than patch the role into live connections: what a connection may see is decided when it
    // connects (onConnected joins the staff group, hubs read context.user.role), and a fresh connection re-reads
    // all of it on every hub and every process without each hub learning to re-check itself.
    events.on('user.roleChanged', ({ userId }) => {
      realtime.endUser(userId, messages.login.roleChanged, { allowReconnect: true });
    }),
  ];

  async function check(): Promise<void> {
    const open: Array<ConnectionInfo & { hub: string }> = realtime.hubs.flatMap((hub) =>
      realtime.connections(hub).map((connection) => ({ ...connection, hub })),
    );
    if (open.length === 0) return;
    const states = await sessions.states([...new Set(open.map((connection) => connection.sessionId))]);
    const bySession = new Map(states.map((state) => [state.sessionId, state]));
    for (const connection of open) {
      const state = bySession.get(connection.sessionId);
      const close = !state
        ? { error: messages.login.sessionEnded }
        : state.banned
          ? { error: banned }
          : !state.live
            ? { error: messages.login.sessionEnded }
            : state.role !== connection.role
              ? { error: messages.login.roleChanged, allowReconnect: true }
              : undefined;
      if (close) realtime.disconnect(connection.hub, connection.connectionId, close);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const everyMs = options.checkEveryMs ?? SESSION_CHECK_INTERVAL_MS;
  // A pass starts only after the previous one finished: a slow database never piles up overlapping checks.
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check()
        .catch((error: unknown) => log.warn({ err: error }, 'hub session check failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();

  return {
    check,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      for (const off of unsubscribe) off();
      await running;
    },
  };
}
