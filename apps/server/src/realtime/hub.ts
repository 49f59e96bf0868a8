/**
 * What a hub sees of the real-time layer: who is calling, how to reach clients, how to manage groups.
 * The protocol layer (protocol/) speaks SignalR on the wire and calls into these; hubs (hubs/) never touch
 * transports or frames. Scale-out goes through a Backplane (backplane/backplane.ts).
 */
import type {
  HubEventName,
  HubEventPayload,
  HubMethodArguments,
  HubMethodName,
  HubName,
} from '@rummage/contract';
import type { AuthUser } from '../modules/account/session.service.js';

/** The connection that invoked a hub method (ASP.NET `Context`). */
export interface HubCallerContext {
  /** Public connection id (negotiate's `connectionId`), never the secret connection token. */
  readonly connectionId: string;
  /** The signed-in user the connection is bound to; every transport request must present the same user. */
  readonly user: AuthUser;
  /** The session the connection was opened with; the connection ends when it does. */
  readonly sessionId: number;
  /** Per-connection state a hub keeps between invocations (for example the chat a connection joined). */
  readonly items: Map<string, unknown>;
  /** Ends the connection with a Close that tells the client not to reconnect. */
  abort(reason?: string): void;
  /**
   * A contract text in the person's language (their saved one, else the connecting request's): for what a hub
   * pushes, since thrown HubExceptions are said in it already.
   */
  say(text: string): string;
}

/** What a hub pushes: each event's name with its one payload. */
export type HubEventMap = Record<string, unknown>;

/** The events of one of the app's hubs, typed by the contract (HUB_EVENT_SCHEMAS): the web reads the same types. */
export type HubEvents<H extends HubName> = { [E in HubEventName<H>]: HubEventPayload<H, E> };

/**
 * Sends a server → client invocation (SignalR Invocation without invocationId: broadcasts never carry one). On the
 * app's hubs an event is sent with exactly the payload the contract gives it; a hub without an event map (a test
 * hub) sends whatever arguments it likes.
 */
export interface ClientProxy<Events extends HubEventMap | undefined = undefined> {
  send: Events extends HubEventMap
    ? <E extends keyof Events & string>(event: E, payload: Events[E]) => Promise<void>
    : (method: string, ...args: unknown[]) => Promise<void>;
}

/** Addressing like ASP.NET `Clients`. User ids are the numeric AuthUser ids, as strings or numbers. */
export interface HubClients<Events extends HubEventMap | undefined = undefined> {
  readonly all: ClientProxy<Events>;
  allExcept(connectionIds: readonly string[]): ClientProxy<Events>;
  client(connectionId: string): ClientProxy<Events>;
  group(name: string): ClientProxy<Events>;
  groupExcept(name: string, connectionIds: readonly string[]): ClientProxy<Events>;
  user(userId: number | string): ClientProxy<Events>;
  users(userIds: ReadonlyArray<number | string>): ClientProxy<Events>;
}

/** Inside a hub method: also the caller and everyone but the caller. */
export interface HubCallerClients<
  Events extends HubEventMap | undefined = undefined,
> extends HubClients<Events> {
  readonly caller: ClientProxy<Events>;
  readonly others: ClientProxy<Events>;
}

/** Group membership is local to the process that owns the connection (as in SignalR's Redis backplane). */
export interface GroupManager {
  addToGroup(connectionId: string, group: string): Promise<void>;
  removeFromGroup(connectionId: string, group: string): Promise<void>;
}

/** What a hub method or lifecycle hook receives. */
export interface HubInvocation<Events extends HubEventMap | undefined = undefined> {
  readonly context: HubCallerContext;
  readonly clients: HubCallerClients<Events>;
  readonly groups: GroupManager;
}

/**
 * One hub method. `argCount` is checked before the handler runs: a mismatch answers SignalR's
 * "Failed to invoke '<M>' due to an error on the server." A list allows trailing optional arguments (chat
 * SendMessage takes 4 or 5); the handler then gets undefined for the ones not sent. The handler validates
 * argument contents itself and throws HubException for a refusal the client should read. Its return value is
 * the Completion's result.
 */
export interface HubMethod<
  Events extends HubEventMap | undefined = undefined,
  Args extends unknown[] = unknown[],
> {
  argCount: Args['length'] | ReadonlyArray<Args['length']>;
  handler(hub: HubInvocation<Events>, ...args: Unchecked<Args>): unknown;
}

/** A handler's arguments: as many as the method takes, each unknown until the handler has checked it. */
type Unchecked<Args extends unknown[]> = { [K in keyof Args]: unknown };

/** The methods of one of the app's hubs, each with the arity the contract gives it (HubMethodArguments). */
export type HubMethods<H extends HubName> = {
  [M in HubMethodName<H>]: HubMethod<HubEvents<H>, ArgumentsOf<HubMethodArguments[H][M]>>;
};
type ArgumentsOf<T> = T extends unknown[] ? T : never;

/** One of the app's hubs: its events and its methods as the contract has them. */
export type AppHub<H extends HubName> = HubDefinition<HubEvents<H>, HubMethods<H>>;

export interface HubDefinition<
  Events extends HubEventMap | undefined = undefined,
  // never[]: any arity, so each method of HubMethods keeps its own.
  Methods extends Record<string, HubMethod<Events, never[]>> = Record<string, HubMethod<Events>>,
> {
  /** Short name used in backplane channel names ('general', 'chat', 'support', or a test hub's name). */
  name: string;
  /** Mount path, such as '/chathub' (HUBS in the contract). */
  path: string;
  /** Method names are matched case-insensitively, as ASP.NET does. */
  methods: Methods;
  onConnected?(hub: HubInvocation<Events>): unknown;
  onDisconnected?(hub: HubInvocation<Events>, error?: Error): unknown;
}

/**
 * A hub as the protocol layer runs it: every hub alike, whatever its events. The typed definition's handlers are
 * handed proxies that send what they are given, so the contract's types hold on the way out.
 */
export function asRunnableHub<H extends HubName>(definition: AppHub<H>): HubDefinition {
  return definition as unknown as HubDefinition;
}

/**
 * A refusal the caller should read. Its message reaches the client as
 * "An unexpected error occurred invoking '<M>' on the server. HubException: <message>" (ASP.NET's text);
 * any other thrown error gives the same text without details, and is logged.
 */
export class HubException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubException';
  }
}

/** Reaching a hub's clients from outside a hub method (REST routes, services, jobs): ASP.NET `IHubContext`. */
export interface HubContext<Events extends HubEventMap | undefined = undefined> {
  readonly clients: HubClients<Events>;
  readonly groups: GroupManager;
  /** Live local connections of a user on this hub (tests and diagnostics). */
  localConnectionCount(userId?: number): number;
}

/**
 * The app's hubs by their short name (contract HubName); delivery subscribers reach clients through it, each send
 * typed by that hub's events.
 */
export type HubLookup = <H extends HubName>(name: H) => HubContext<HubEvents<H>>;
