import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@rummage/contract';
import { loadConfig } from '../config.js';
import { createImagePipeline } from '../services/images/index.js';
import { createImageStore, newImageKey } from '../services/storage/index.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { errorsPlugin } from './errors.js';
import { localePlugin } from './locale.js';
import { staticSpaPlugin } from './static-spa.js';
import { uploadsPlugin } from './uploads.js';

const notFound = { message: messages.common.resourceNotFound };

describe('uploads plugin', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rummage-uploads-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    // A built SPA, so its catch-all would answer text/html requests with index.html if the plugin let it.
    const distDir = join(dataDir, 'dist');
    mkdirSync(distDir);
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>spa</title>');
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(uploadsPlugin, { config });
    await app.register(localePlugin, config.locale);
    await app.register(staticSpaPlugin, { distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a stored image with immutable caching and nosniff', async () => {
    const store = createImageStore(loadConfig({ DATA_DIR: dataDir }));
    const image = await createImagePipeline().process(
      await sharp({ create: { width: 64, height: 32, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
    );
    const key = newImageKey('products', 'large');
    await store.put(key, image.large, 'image/webp');

    const response = await app.inject({ url: store.url(key) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(image.large)).toBe(true);

    const head = await app.inject({ method: 'HEAD', url: store.url(key) });
    expect(head.statusCode).toBe(200);

    await store.delete(key);
    const gone = await app.inject({ url: store.url(key), headers: { accept: 'text/html' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(notFound);
    expect(gone.headers['cache-control']).toBeUndefined();
  });

  it('answers a JSON 404 for folders, hidden and temporary files and other file types', async () => {
    const folder = join(dataDir, 'uploads', 'products', '2026', '01');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '.abc-large.webp.123.tmp'), 'partial');
    writeFileSync(join(folder, '.hidden.webp'), 'hidden');
    writeFileSync(join(folder, 'page.html'), '<script>alert(1)</script>');
    const urls = [
      '/uploads/',
      '/uploads/products/',
      '/uploads/products/2026/01',
      '/uploads/products/2026/01/.abc-large.webp.123.tmp',
      '/uploads/products/2026/01/.hidden.webp',
      '/uploads/products/2026/01/page.html',
      '/uploads/products/..%2f..%2f..%2fsecret.webp',
    ];
    for (const url of urls) {
      // A browser navigating there asks for text/html; the SPA must not answer in the plugin's place.
      const response = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: notFound,
      });
    }
  });

  it('never serves a file outside the uploads folder, even for a raw ../ path', async () => {
    writeFileSync(join(dataDir, 'secret.webp'), 'outside');
    // inject() and fetch() normalise ../ away; a raw socket request sends it as written (like curl --path-as-is).
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const path of [
      '/uploads/../secret.webp',
      '/uploads/%2e%2e/secret.webp',
      '/uploads/products/../../secret.webp',
    ]) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpGet({ host: '127.0.0.1', port, path }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
      expect({ path, status, leaked: body.includes('outside') }).toEqual({
        path,
        status: expect.any(Number),
        leaked: false,
      });
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('uploads in the whole app', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({
      S3_BUCKET: 'rummage-images',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://images.example.com/rummage',
    });
  });
  afterAll(() => testApp.close());

  it('routes /uploads/* and allows the S3 public origin in img-src', async () => {
    const { app, config } = testApp;
    const missing = await app.inject({ url: '/uploads/products/2026/01/nothing-large.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound);

    const key = newImageKey('covers', 'thumb');
    mkdirSync(join(config.dataDir, 'uploads', 'covers', key.split('/')[1]!, key.split('/')[2]!), {
      recursive: true,
    });
    writeFileSync(join(config.dataDir, 'uploads', key), 'RIFF....WEBP');
    const served = await app.inject({ url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const csp = String(served.headers['content-security-policy']);
    const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc).toContain('https://images.example.com');
    expect(imgSrc).not.toContain('/rummage');
    expect(createImageStore(config).url(key)).toBe(`https://images.example.com/rummage/${key}`);
  });
});
