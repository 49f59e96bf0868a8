import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../../config.js';
import { createImageStore, createS3ImageStore, newImageKey, S3RequestError } from './index.js';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in for an S3 endpoint: records every request and answers with the next queued status (200 when none). */
let server: Server;
let endpoint: string;
const requests: Recorded[] = [];
const statuses: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const status = statuses.shift() ?? (req.method === 'DELETE' ? 204 : 200);
      if (status >= 400) {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0"?><Error><Code>Status${status}</Code><Message>x</Message></Error>`);
      } else {
        res.writeHead(status).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  statuses.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Checks a recorded request's SigV4 signature with an implementation written from AWS's documentation, not with
 * aws4fetch, so a signing mistake in the adapter cannot cancel itself out.
 */
function verifySigV4(request: Recorded, secret: string): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization),
    );
  if (!match) return false;
  const [, day = '', region = '', service = '', signedHeaders = '', signature] = match;
  const [path = '', query = ''] = request.url.split('?');
  const canonical = [
    request.method,
    path,
    query,
    ...signedHeaders.split(';').map((name) => `${name}:${String(request.headers[name]).trim()}`),
    '',
    signedHeaders,
    String(request.headers['x-amz-content-sha256']),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date']),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex') === signature;
}

const settings = (): S3Config => ({
  endpoint,
  region: 'us-east-1',
  bucket: 'rummage-images',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  publicUrl: 'https://cdn.example.com/img',
  forcePathStyle: true,
});

describe('S3 image store', () => {
  it('PUTs the body with SigV4, content type, cache control and payload hash to a path-style URL', async () => {
    const store = createS3ImageStore(settings());
    expect(store.kind).toBe('s3');
    const key = newImageKey('products', 'large');
    const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await store.put(key, body, 'image/webp');

    expect(requests).toHaveLength(1);
    const [put] = requests;
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(`/rummage-images/${key}`);
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put?.body.equals(body)).toBe(true);
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(put?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(verifySigV4(put!, settings().secretAccessKey)).toBe(true);
    expect(verifySigV4(put!, 'another secret')).toBe(false);
    // The secret itself never travels.
    expect(JSON.stringify(put?.headers)).not.toContain('wJalrXUtnFEMI');
  });

  it('DELETEs signed; 204 and 404 both count as gone', async () => {
    const store = createS3ImageStore(settings());
    const key = newImageKey('covers', 'thumb');
    statuses.push(204, 404);
    await store.delete(key);
    await store.delete(key);
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['DELETE', `/rummage-images/${key}`],
      ['DELETE', `/rummage-images/${key}`],
    ]);
    expect(verifySigV4(requests[0]!, settings().secretAccessKey)).toBe(true);
  });

  it('GETs an object signed (backups read the bucket); a missing key answers undefined', async () => {
    const store = createS3ImageStore(settings());
    const key = newImageKey('products', 'thumb');
    statuses.push(200, 404);
    expect(await store.get!(key)).toEqual(Buffer.alloc(0));
    expect(await store.get!(key)).toBeUndefined();
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', `/rummage-images/${key}`],
      ['GET', `/rummage-images/${key}`],
    ]);
    expect(verifySigV4(requests[0]!, settings().secretAccessKey)).toBe(true);
  });

  it('rejects put() and delete() when the store keeps answering 500, after retrying', async () => {
    const store = createS3ImageStore({ ...settings(), attempts: 2, retryDelayMs: 1 });
    const key = newImageKey('products', 'thumb');
    statuses.push(500, 500);
    const error = await store.put(key, Buffer.from('x'), 'image/webp').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(S3RequestError);
    expect((error as S3RequestError).status).toBe(500);
    expect((error as Error).message).toContain('Status500');
    expect(requests).toHaveLength(2);

    statuses.push(500, 500);
    await expect(store.delete(key)).rejects.toThrow(S3RequestError);
  });

  it('succeeds when a retry gets through, and does not retry a 403', async () => {
    const store = createS3ImageStore({ ...settings(), retryDelayMs: 1 });
    const key = newImageKey('products', 'large');
    statuses.push(503, 200);
    await store.put(key, Buffer.from('x'), 'image/webp');
    expect(requests).toHaveLength(2);

    requests.length = 0;
    statuses.push(403);
    await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/HTTP 403: Status403/);
    expect(requests).toHaveLength(1);
  });

  it('rejects when the endpoint cannot be reached', async () => {
    const store = createS3ImageStore({ ...settings(), endpoint: 'http://127.0.0.1:1', attempts: 1 });
    await expect(store.put(newImageKey('products', 'large'), Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /S3 PUT .* failed/,
    );
  });

  it('addresses the bucket as a host name when path style is off, and builds public URLs', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(`${request.method} ${request.url}`);
      return new Response(null, { status: 204 });
    });
    const store = createS3ImageStore({
      ...settings(),
      endpoint: 'https://s3.example.net',
      forcePathStyle: false,
    });
    await store.delete('products/2026/11/abc-large.webp');
    expect(seen).toEqual(['DELETE https://rummage-images.s3.example.net/products/2026/11/abc-large.webp']);
    expect(store.url('products/2026/11/abc-large.webp')).toBe(
      'https://cdn.example.com/img/products/2026/11/abc-large.webp',
    );
    expect(() => store.url('../secret')).toThrow(TypeError);
  });

  it('lists the bucket page by page (ListObjectsV2), skipping names the app never makes', async () => {
    const key = (n: number) => `products/2026/11/${String(n).padStart(16, '0')}-large.webp`;
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>rummage-images</Name>` +
      keys
        .map(
          (k) => `<Contents><Key>${k}</Key><LastModified>2026-11-02T10:00:00.000Z</LastModified></Contents>`,
        )
        .join('') +
      (next
        ? `<IsTruncated>true</IsTruncated><NextContinuationToken>${next}</NextContinuationToken>`
        : '<IsTruncated>false</IsTruncated>') +
      '</ListBucketResult>';
    const seen: Request[] = [];
    const answers = [page([key(1), 'notes/readme &amp; more.txt', key(2)], 'tok/en+1=='), page([key(3)])];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return new Response(answers.shift(), { status: 200 });
    });
    const store = createS3ImageStore(settings());
    const listed = [];
    for await (const object of store.list!()) listed.push(object);

    expect(listed.map((object) => object.key)).toEqual([key(1), key(2), key(3)]);
    expect(listed[0]?.modifiedAt.toISOString()).toBe('2026-11-02T10:00:00.000Z');
    const urls = seen.map((request) => new URL(request.url));
    expect(seen.map((request) => request.method)).toEqual(['GET', 'GET']);
    expect(urls.map((url) => url.pathname)).toEqual(['/rummage-images', '/rummage-images']);
    expect(urls[0]?.searchParams.get('list-type')).toBe('2');
    expect(urls[0]?.searchParams.has('continuation-token')).toBe(false);
    expect(urls[1]?.searchParams.get('continuation-token')).toBe('tok/en+1==');
    expect(seen[1]?.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
  });

  it('fails the listing when the bucket refuses it (no s3:ListBucket)', async () => {
    statuses.push(403);
    const store = createS3ImageStore(settings());
    const drain = async () => {
      for await (const object of store.list!()) void object;
    };
    await expect(drain()).rejects.toThrow(S3RequestError);
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });
});

describe('S3 configuration', () => {
  const env = {
    S3_BUCKET: 'rummage-images',
    S3_ENDPOINT: 'https://s3.us-east-1.amazonaws.com/',
    S3_ACCESS_KEY_ID: 'AKID',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('selects the S3 store when S3_BUCKET is set, with defaults for region, style and public URL', () => {
    const config = loadConfig(env);
    expect(config.s3).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'rummage-images',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      publicUrl: 'https://s3.us-east-1.amazonaws.com/rummage-images',
      forcePathStyle: true,
    });
    expect(createImageStore(config).kind).toBe('s3');
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }).s3?.publicUrl).toBe(
      'https://rummage-images.s3.us-east-1.amazonaws.com',
    );
    expect(loadConfig({ ...env, S3_PUBLIC_URL: 'https://img.example.com/' }).s3?.publicUrl).toBe(
      'https://img.example.com',
    );
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('lists missing endpoint and keys, and stray S3 settings without a bucket, with the other problems', () => {
    const problemsOf = (vars: Record<string, string>) => {
      try {
        loadConfig(vars);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problemsOf({ S3_BUCKET: 'rummage-images', PORT: 'abc' })).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "abc")',
      'S3_ENDPOINT is required when S3_BUCKET is set',
      'S3_ACCESS_KEY_ID is required when S3_BUCKET is set',
      'S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a' })).toEqual([
      'S3_BUCKET is required when S3_ENDPOINT, S3_ACCESS_KEY_ID is set',
    ]);
    expect(problemsOf({ ...env, S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'ftp://x' })).toEqual([
      'S3_BUCKET must be 3–63 lowercase letters, digits, dots or hyphens',
      'S3_ENDPOINT must be an http:// or https:// URL',
    ]);
  });

  it('reads the upload limits', () => {
    expect(loadConfig({}).uploads).toEqual({ maxImageBytes: 15_728_640, maxImages: 10 });
    expect(loadConfig({ UPLOAD_MAX_IMAGE_BYTES: '5242880', UPLOAD_MAX_IMAGES: '4' }).uploads).toEqual({
      maxImageBytes: 5_242_880,
      maxImages: 4,
    });
  });
});
