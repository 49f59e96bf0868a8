/**
 * The part of a SignalR HubConnection the app uses. The real connection satisfies it as it is; tests hand in
 * a fake through HubFactoryProvider, so no test needs a server.
 */
export interface HubLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  // Raw SignalR listeners; pages listen through typedHub (hubEvents.ts), typed from the contract.
  on(event: string, handler: (...args: unknown[]) => void): void;
  off(event: string, handler: (...args: unknown[]) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  onclose(callback: (error?: Error) => void): void;
}

/** What the screens need to know about a connection. */
export type HubState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** Builds a connection to the hub at `path`; `getToken` is asked on every (re)negotiation. */
export type HubFactory = (path: string, getToken: () => string | null) => HubLike | Promise<HubLike>;

/** The real factory, loaded on first use so visitors who never sign in do not download the SignalR client. */
export const signalRHubFactory: HubFactory = async (path, getToken) => {
  const { createHubConnection } = await import('./hubConnection');
  return createHubConnection(path, getToken);
};

/**
 * SignalR writes URLs into its logs and errors ("WebSocket connected to ...?id=...&access_token=..."): the
 * connection token and the session token would both reach the console. Every line passes through here first.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/([?&](?:access_token|id)=)[^&\s'"]+/gi, '$1[redacted]')
    .replace(/(bearer\s+)[^\s'"]+/gi, '$1[redacted]');
}

/** Keeps logs useful without ever printing a token. */
export function describeHubError(error: unknown): string {
  return redactSecrets(error instanceof Error ? error.message : String(error));
}
