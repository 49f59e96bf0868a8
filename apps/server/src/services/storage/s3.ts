import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config.js';
import { assertValidImageKey, isValidImageKey } from './keys.js';
import type { ImageStore, StoredObject } from './types.js';

export interface S3ImageStoreOptions extends S3Config {
  /** Attempts per request when the store answers 5xx/429 or the network fails (default 3). */
  attempts?: number;
  /** First back-off delay; it doubles per retry, with jitter (default 100 ms). */
  retryDelayMs?: number;
  /** Time one attempt may take, headers and body (default 30 s). */
  timeoutMs?: number;
}

/** Names are random and never reused, so browsers and CDNs may keep an image forever. */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export class S3RequestError extends Error {
  constructor(
    readonly method: string,
    readonly key: string,
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${method} ${key} failed with HTTP ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'S3RequestError';
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const retryable = (status: number) => status >= 500 || status === 429;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** One page of a ListObjectsV2 answer: the objects and, when more follow, the token for the next page. */
function parseListPage(xml: string): { objects: StoredObject[]; next?: string } {
  const objects: StoredObject[] = [];
  for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = unescapeXml(tag(contents!, 'Key') ?? '');
    const modifiedAt = new Date(tag(contents!, 'LastModified') ?? '');
    // Objects someone else put in the bucket (names the app never makes) are not ours to judge.
    if (isValidImageKey(key) && !Number.isNaN(modifiedAt.getTime())) objects.push({ key, modifiedAt });
  }
  const truncated = tag(xml, 'IsTruncated') === 'true';
  const token = tag(xml, 'NextContinuationToken');
  return { objects, next: truncated && token ? unescapeXml(token) : undefined };
}

/** The error code S3 puts in its XML body (`<Code>AccessDenied</Code>`), short enough for a log line. */
async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? text.slice(0, 200).replace(/\s+/g, ' ').trim();
}

/**
 * Puts and deletes objects with SigV4-signed requests (aws4fetch), so any S3-compatible store works: AWS S3,
 * MinIO, Cloudflare R2, Backblaze B2, Garage. Reading happens in the browser straight from `publicUrl`, so
 * the bucket (or the CDN in front of it) must allow public reads of its objects.
 */
export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const { endpoint, region, bucket, publicUrl, forcePathStyle } = options;
  const attempts = Math.max(1, options.attempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 100;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // service and region are given, not guessed from the host name: a MinIO or R2 host says neither.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region,
  });
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');

  function objectUrl(key: string): string {
    const url = new URL(base);
    if (forcePathStyle) {
      url.pathname = `${basePath}/${bucket}/${encodeKey(key)}`;
    } else {
      url.hostname = `${bucket}.${url.hostname}`;
      url.pathname = `${basePath}/${encodeKey(key)}`;
    }
    return url.toString();
  }

  function bucketUrl(query: Record<string, string>): string {
    const url = new URL(base);
    if (forcePathStyle) {
      url.pathname = `${basePath}/${bucket}`;
    } else {
      url.hostname = `${bucket}.${url.hostname}`;
      url.pathname = `${basePath}/`;
    }
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** Signs afresh for every attempt: a request body can only be sent once. `key` names the request in errors. */
  async function send(
    method: 'PUT' | 'DELETE' | 'GET',
    key: string,
    init: RequestInit = {},
    url = objectUrl(assertValidImageKey(key)),
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        const request = await client.sign(url, { ...init, method, signal: AbortSignal.timeout(timeoutMs) });
        response = await fetch(request);
      } catch (error) {
        failure = error;
      }
      const again = response ? retryable(response.status) : true;
      if (!again || attempt >= attempts) {
        if (response) return response;
        throw new Error(`S3 ${method} ${key} failed: ${String(failure)}`, { cause: failure });
      }
      await response?.body?.cancel().catch(() => undefined);
      await sleep(retryDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await send('PUT', key, {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        headers: {
          'content-type': contentType,
          'cache-control': OBJECT_CACHE_CONTROL,
          // The real payload hash (instead of UNSIGNED-PAYLOAD) is signed, so the store rejects a corrupted upload.
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      if (!response.ok) throw new S3RequestError('PUT', key, response.status, await errorDetail(response));
      await response.body?.cancel().catch(() => undefined);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      if (!response.ok) throw new S3RequestError('GET', key, response.status, await errorDetail(response));
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      // S3 answers 204 for a missing key too; some compatible stores say 404. Either way it is gone.
      if (!response.ok && response.status !== 404) {
        throw new S3RequestError('DELETE', key, response.status, await errorDetail(response));
      }
      await response.body?.cancel().catch(() => undefined);
    },
    url(key) {
      return `${publicUrl}/${encodeKey(assertValidImageKey(key))}`;
    },
    /** ListObjectsV2, 1000 keys a page (the S3 maximum); needs s3:ListBucket on the bucket. */
    async *list(): AsyncGenerator<StoredObject> {
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', 'max-keys': '1000' };
        if (token) query['continuation-token'] = token;
        const response = await send('GET', '(list)', {}, bucketUrl(query));
        if (!response.ok)
          throw new S3RequestError('GET', '(list)', response.status, await errorDetail(response));
        const page = parseListPage(await response.text());
        yield* page.objects;
        token = page.next;
      } while (token);
    },
  };
}
