/** What failover.ts and its client shards (failover-clients.ts) say to each other over IPC. */

/** One hub connection: whose it is, which chat its page shows, and the route cookie its browser keeps. */
export interface ClientPlan {
  token: string;
  personId: number;
  /** The other side of the chat (SendMessage's receiver, JoinChat's other user). */
  otherId: number;
  productId: number;
  /** `rummage_route=…`: nginx's sticky key. */
  cookie: string;
}

export type FailoverCommand =
  | { type: 'setup'; origin: string; shard: number; concurrency: number; clients: ClientPlan[] }
  | { type: 'load'; perSecond: number }
  | { type: 'report' }
  | { type: 'close' };

export interface ClientRecord {
  /** host:port of the process the first negotiate reached, and of the one the last reached. */
  firstUpstream: string;
  upstream: string;
  joined: boolean;
  drops: number;
  /** Wall-clock ms (performance.timeOrigin + now) of the last drop and of the reconnect after it. */
  droppedAt: number | null;
  reconnectedAt: number | null;
  attempts: number;
  /** The last successful attempt's steps (ms): negotiate, WebSocket open, handshake, JoinChat. */
  steps: [number, number, number, number] | null;
}

export interface ShardReport {
  sent: number;
  /** Message ids whose SendMessage was answered with success. */
  acked: number[];
  /** Sends still without an answer when the load stopped (their connection lived on). */
  unanswered: number;
  /** Sends answered with an error (or lost with their connection), by reason. */
  refused: Record<string, number>;
  /** Failed connection attempts, by reason (`negotiate 503`, `upgrade 502`, …). */
  failures: Record<string, number>;
  /** One entry per ReceiveMessage from the other side: when its message was sent, and how long it took. */
  deliveries: { sentAt: number[]; latency: number[]; messageId: number[] };
  clients: ClientRecord[];
}

export type FailoverReply =
  | { type: 'connected'; ms: number; joined: number }
  | { type: 'loading' }
  | { type: 'report'; report: ShardReport }
  | { type: 'error'; message: string };
