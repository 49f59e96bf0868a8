/**
 * Carries hub messages between processes (docs/realtime.md#scale-out). Each process delivers to its own
 * connections directly; the backplane only reaches the *other* processes, so a broker outage never stops
 * delivery inside a process. Frames are serialized once by the sender and written as-is by every receiver.
 * Across a reconnect or a restart of the broker nothing is lost that waited less than the catch-up window; each
 * message reaches each other process once, in the order its publisher sent it (decision 0021).
 */

export type BackplaneScope = 'all' | 'group' | 'user' | 'connection';

export interface BackplaneMessage {
  /** HubDefinition.name. */
  hub: string;
  scope: BackplaneScope;
  /** Group name, user id or connection id; absent for 'all'. */
  target?: string;
  /** Connection ids that must not receive it (AllExcept, GroupExcept). */
  excluded?: string[];
  /** One complete SignalR JSON record, already terminated by the 0x1E record separator. */
  frame: string;
  /**
   * A Close on a user's channel ends only that person's connections opened with these sessions (a logout);
   * without it, all of them.
   */
  sessions?: number[];
}

export interface Backplane {
  /** Identifies this process; messages it published never come back to its own handler. */
  readonly serverId: string;
  /**
   * Never throws and never waits: while the broker is away the message is kept and sent once it is back, unless
   * that takes longer than the catch-up window; then it is dropped rather than delivered late.
   */
  publish(message: BackplaneMessage): void;
  /**
   * Start receiving messages for a scope; reference-counted (subscribe twice, unsubscribe twice).
   * 'all' needs no target. A process receives a group's or user's messages only while it owns a member connection.
   * Resolves once messages published from now on will arrive (an outage included), or without that guarantee if
   * the broker has not answered at start-up within a moment; never rejects.
   */
  subscribe(hub: string, scope: BackplaneScope, target?: string): Promise<void>;
  unsubscribe(hub: string, scope: BackplaneScope, target?: string): void;
  /** The receiver of messages published by other processes. Set once, before subscribing. */
  onMessage(handler: (message: BackplaneMessage) => void): void;
  /** True while messages cross processes as they are sent (always in-process; Redis: the reader is reading). */
  isConnected(): boolean;
  close(): Promise<void>;
}
