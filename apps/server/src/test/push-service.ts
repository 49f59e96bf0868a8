/**
 * A push service for tests (RFC 8030), listening on 127.0.0.1: it checks each push's VAPID JWT (RFC 8292: ES256
 * with the key in `k=`, which must be the server's, and `aud` this service's origin) and decrypts the aes128gcm
 * body (RFC 8291 / RFC 8188) with the subscription's private key, all with node:crypto. A push that fails either
 * check is answered 400/401 and recorded as refused. Tests tell it to answer 410, 429, 500 or hang.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A browser's side of a subscription: its ECDH key pair and auth secret, and what it sends the server. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  at: number;
  headers: IncomingMessage['headers'];
  /** The decrypted body parsed as JSON. */
  payload: unknown;
}

export type PushAnswer =
  | { status: number; headers?: Record<string, string> }
  /** Never answers (the socket stays open until the test service closes). */
  | 'hang';

export interface TestPushService {
  origin: string;
  /** A new subscription on this service with a real P-256 key pair and a 16-byte auth secret. */
  subscription(): TestSubscription;
  /** Pushes accepted (decrypted and verified), oldest first. */
  readonly received: ReceivedPush[];
  /** Requests refused because the JWT or the encryption did not check out, with why. */
  readonly refused: string[];
  /** Requests that arrived for an endpoint, whatever was answered (retries show here). */
  attempts(endpoint: string): number[];
  /** The next answers for an endpoint (then 201 again): `answerNext(endpoint, { status: 410 })`. */
  answerNext(endpoint: string, ...answers: PushAnswer[]): void;
  /** The VAPID public key (base64url) pushes must be signed with; set it before the first push. */
  expectVapidKey(publicKey: string): void;
  close(): Promise<void>;
}

const MAX_ENCRYPTED_PAYLOAD_BYTES = 4096;

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const attempts = new Map<string, number[]>();
  const scripted = new Map<string, PushAnswer[]>();
  const subscriptions = new Map<string, TestSubscription>();
  const sockets = new Set<Socket>();
  let vapidKey: string | undefined;
  let origin = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  function handle(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const endpoint = `${origin}${request.url ?? ''}`;
    attempts.set(endpoint, [...(attempts.get(endpoint) ?? []), Date.now()]);
    const answer = scripted.get(endpoint)?.shift() ?? { status: 201 };
    if (answer === 'hang') return;
    // What push services take at most (RFC 8030 §7.2); FCM and Mozilla refuse a longer one like this.
    if (body.length > MAX_ENCRYPTED_PAYLOAD_BYTES) {
      refused.push(`payload of ${body.length} bytes is too large`);
      response.writeHead(413).end();
      return;
    }
    if (answer.status !== 201) {
      response.writeHead(answer.status, answer.headers).end();
      return;
    }
    const subscription = subscriptions.get(endpoint);
    const problem =
      request.method !== 'POST'
        ? `method ${request.method}`
        : !subscription
          ? `unknown endpoint ${endpoint}`
          : // The audience is the origin the sender addressed (a name pinned to this address, in sender tests).
            checkVapid(request.headers.authorization, `http://${request.headers.host}`, vapidKey);
    if (problem || !subscription) {
      refused.push(problem ?? 'unknown endpoint');
      response.writeHead(401).end();
      return;
    }
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const text = decryptAes128gcm(body, subscription.ecdh, subscription.authSecret);
      received.push({ endpoint, at: Date.now(), headers: request.headers, payload: JSON.parse(text) });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    } catch (error) {
      refused.push(`decryption: ${(error as Error).message}`);
      response.writeHead(400).end();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      const made: TestSubscription = {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      subscriptions.set(endpoint, made);
      return made;
    },
    attempts: (endpoint) => attempts.get(endpoint) ?? [],
    answerNext(endpoint, ...answers) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...answers]);
    },
    expectVapidKey(publicKey) {
      vapidKey = publicKey;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `vapid t=<JWT>, k=<public key>` (RFC 8292 §3): undefined when it checks out, else what is wrong. */
function checkVapid(header: string | undefined, audience: string, expectedKey?: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID authorization: ${header}`;
  const [, jwt, key] = match as unknown as [string, string, string];
  if (!expectedKey) return 'the test did not say which VAPID key to expect';
  if (key !== expectedKey) return 'k= is not the server key';
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return 'malformed JWT';
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') return `alg ${header64.alg}`;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad JWT signature';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== audience) return `aud ${body.aud} is not ${audience}`;
  if (!body.exp || body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000) {
    return `exp ${body.exp} out of range`;
  }
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return `sub ${body.sub}`;
  return undefined;
}

/**
 * RFC 8291 §3.4 with the RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the
 * sender's ephemeral public key) | one record of ciphertext and tag, ending in the 0x02 delimiter and padding.
 */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id length ${idLength}`);
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}
