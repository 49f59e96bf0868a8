/**
 * Sends one Web Push message (RFC 8030) to one subscription. `web-push` builds the request (aes128gcm payload
 * encryption, RFC 8291, and the VAPID Authorization header, RFC 8292); the request itself is ours, so the
 * endpoint is checked again right before sending and the connection goes to the address that was checked.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { RequestDetails } from 'web-push';
import { checkPushEndpoint, type EndpointPolicy, type ResolvedAddress } from './endpoint-policy.js';
import type { VapidKeys } from './vapid.js';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushResult {
  /** The push service's HTTP status (201 when accepted). */
  status: number;
  /** Retry-After in milliseconds, when the service sent one. */
  retryAfterMs?: number;
}

export interface PushSendOptions {
  /** How long the push service keeps the message for an offline device, in seconds. */
  ttlSeconds: number;
  signal?: AbortSignal;
}

export interface PushSender {
  /**
   * Answers the service's status; throws PushEndpointRefusedError for an endpoint the policy refuses now,
   * PushEndpointUnresolvedError when its name does not resolve, and PushTimeoutError when no answer came in time.
   */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushResult>;
}

export class PushTimeoutError extends Error {
  constructor(ms: number) {
    super(`the push service did not answer within ${ms} ms`);
    this.name = 'PushTimeoutError';
  }
}

/** The subscription's keys cannot encrypt a message (p256dh not a P-256 point): no retry can help. */
export class PushEncryptionError extends Error {
  constructor(cause: unknown) {
    super(`the push could not be encrypted for this subscription: ${String(cause)}`, { cause });
    this.name = 'PushEncryptionError';
  }
}

export interface PushSenderOptions {
  vapidKeys: () => Promise<VapidKeys>;
  policy: EndpointPolicy;
  /** The whole request, connection to answer (default 10 s: a hanging service must not hold a worker). */
  timeoutMs?: number;
}

/** An answer body is not read beyond this: push services answer a line of JSON at most. */
const MAX_ANSWER_BYTES = 16 * 1024;

export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(target, payload, sendOptions) {
      const { url, target: address } = await checkPushEndpoint(target.endpoint, options.policy);
      const vapid = await options.vapidKeys();
      // With the first push, not at start-up (vapid.ts).
      const { default: webpush } = await import('web-push');
      let details: RequestDetails;
      try {
        details = webpush.generateRequestDetails(target, payload, {
          vapidDetails: vapid,
          TTL: sendOptions.ttlSeconds,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        throw new PushEncryptionError(error);
      }
      return post(url, address, details, timeoutMs, sendOptions.signal);
    },
  };
}

/** A lookup that answers only the checked address: the name is never resolved a second time. */
function pinned(address: ResolvedAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
}

function post(
  url: URL,
  address: ResolvedAddress,
  details: RequestDetails,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PushResult> {
  const client = url.protocol === 'https:' ? https : http;
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  return new Promise<PushResult>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers,
      lookup: pinned(address),
      // TLS still checks the certificate against the name in the URL (SNI and verification use `url`).
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new PushTimeoutError(timeoutMs)), timeoutMs);
    const onAbort = () =>
      request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    request.on('error', (error) => {
      done();
      reject(error);
    });
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const finish = () => {
        done();
        const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
        resolve({ status: response.statusCode ?? 0, ...(retryAfterMs !== undefined && { retryAfterMs }) });
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
    });
    request.end(details.body ?? undefined);
  });
}

/** A push service may ask for a pause, but not for longer than this: a day-old push is not sent anyway. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from now, at most
 * MAX_RETRY_AFTER_MS: a service answering "Retry-After: 99999999999999999999" must not put a number into the
 * queue's SQL that the database cannot take.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}
