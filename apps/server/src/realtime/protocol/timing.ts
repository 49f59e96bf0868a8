import { HUB_TIMING } from '@rummage/contract';

/** Server keep-alive, timeouts and limits (docs/realtime.md#keep-alive-and-timeouts); tests pass shorter ones. */
export interface HubTiming {
  /** A Ping goes out when nothing else was sent for this long (not on long polling). */
  keepAliveMs: number;
  /** After the client's first Ping, this long without any message from it closes the connection. */
  clientTimeoutMs: number;
  /** Time from attaching a transport to a valid handshake. */
  handshakeTimeoutMs: number;
  /** Largest single record the server reads (ASP.NET MaximumReceiveMessageSize). */
  maxMessageBytes: number;
  /** How long a negotiated connection may wait for its transport, and a long-polling one for its next poll. */
  disconnectTimeoutMs: number;
  /** How long a poll is held when there is nothing to send. */
  longPollTimeoutMs: number;
  /**
   * Invocations one connection may have waiting behind the one it has running; beyond that they are refused at once
   * with a readable error. A page waits for a few answers at most; a burst of hundreds is refused, not queued.
   */
  maxWaitingInvocations: number;
  /**
   * Stateful reconnect (docs/realtime.md#stateful-reconnect): what a connection keeps for its client until it is
   * acknowledged; more than this ends the connection. 0 never offers stateful reconnect.
   */
  statefulReconnectBufferBytes: number;
  /** How long a stateful connection whose WebSocket dropped waits for its client to come back. */
  statefulReconnectBufferMs: number;
}

export const DEFAULT_HUB_TIMING: HubTiming = {
  ...HUB_TIMING,
  disconnectTimeoutMs: 15_000,
  longPollTimeoutMs: 90_000,
  maxWaitingInvocations: 8,
  // ASP.NET's StatefulReconnectBufferSize; the window covers the SPEC's first reconnect delays (0, 2, 10 s).
  statefulReconnectBufferBytes: 100_000,
  statefulReconnectBufferMs: 30_000,
};

/** ASP.NET scans once a second; shorter test timings need a finer scan to stay meaningful. */
export function scanIntervalMs(timing: HubTiming): number {
  const shortest = Math.min(
    timing.keepAliveMs,
    timing.clientTimeoutMs,
    timing.handshakeTimeoutMs,
    timing.disconnectTimeoutMs,
    timing.statefulReconnectBufferMs || Infinity,
  );
  return Math.max(10, Math.min(1_000, Math.floor(shortest / 4)));
}
