import {
  HubConnectionBuilder,
  JsonHubProtocol,
  LogLevel,
  type HubConnection,
  type ILogger,
} from '@microsoft/signalr';
import { RECONNECT_DELAYS_MS } from '@rummage/contract';
import { redactSecrets } from './hubClient';

/** docs/product.md §6: the hub wants the bare token; a stored value may still carry the word "Bearer". */
export function bareToken(token: string | null | undefined): string {
  return (token ?? '').replace(/^\s*bearer\s+/i, '').trim();
}

/** The SPEC's Information level (§7) while developing; production consoles get warnings and errors only. */
export const HUB_LOG_LEVEL: LogLevel = import.meta.env.PROD ? LogLevel.Warning : LogLevel.Information;

class RedactingConsoleLogger implements ILogger {
  constructor(private readonly minimum: LogLevel) {}

  log(level: LogLevel, message: string): void {
    if (level < this.minimum || level === LogLevel.None) return;
    const line = `[${new Date().toISOString()}] ${LogLevel[level]}: ${redactSecrets(message)}`;
    if (level >= LogLevel.Error) console.error(line);
    else if (level === LogLevel.Warning) console.warn(line);
    else console.info(line);
  }
}

/** The API is served from the app's own origin, so its base is the page origin. */
function hubUrl(path: string): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  return typeof window === 'undefined' ? normalized : new URL(normalized, window.location.origin).href;
}

/**
 * One SignalR connection to a hub (docs/product.md §7): bearer token from `getToken` on every negotiate, JSON protocol,
 * automatic reconnect with the SPEC's delays (0, 2, 10, 30 s, then it stops).
 */
export function createHubConnection(path: string, getToken: () => string | null): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(hubUrl(path), { accessTokenFactory: () => bareToken(getToken()) })
    .withHubProtocol(new JsonHubProtocol())
    .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
    .configureLogging(new RedactingConsoleLogger(HUB_LOG_LEVEL))
    .build();
}
