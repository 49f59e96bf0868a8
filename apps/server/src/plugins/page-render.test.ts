import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, messages, PAGE_RENDERING, textsFor } from '@rummage/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, signIn } from '../test/factories.js';

/**
 * The server's side of pages rendered at request time (page-render.ts), with a stand-in for the web build's
 * renderer: it asks the real API (on this test's real database) through the transport it is given, and puts
 * what it got into the page. The real renderer is exercised in the browser suite (e2e/tests/rendered-pages).
 */
const distDir = mkdtempSync(join(tmpdir(), 'rummage-render-'));
const { pageMarker, headMarker, rendererFile, templateFile } = PAGE_RENDERING;

const STAND_IN_RENDERER = `
let transport;
export function setApiTransport(next) { transport = next; }
export function rendersWithData(pathname, cookies) {
  return pathname.startsWith('/product-detail/') && !cookies.includes('no-render=1');
}
export async function renderPage(url) {
  if (url.endsWith('/broken')) throw new Error('render failed');
  if (url.endsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 3000));
  if (url.endsWith('/busy')) await new Promise((resolve) => setTimeout(resolve, 500));
  const categories = await transport(${JSON.stringify(API.category)}, {});
  const me = await transport(${JSON.stringify(API.account.me)}, {});
  const titles = (await categories.json()).data.map((category) => category.title).join(',');
  const status = url.endsWith('/gone') ? 404 : 200;
  return { head: '<title>rendered</title>', markup: '<p>categories ' + titles + '; me ' + me.status + '</p>', status };
}
`;

let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(distDir, '.ssr'));
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>x</title><div id="root">frame</div>');
  writeFileSync(join(distDir, 'home.html'), '<!doctype html><div id="root">home</div>');
  writeFileSync(join(distDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(
    join(distDir, templateFile),
    `<!doctype html><html lang="en"><meta name="description" content="${messages.home.pageDescription}">` +
      `${headMarker}<div id="root">${pageMarker}</div>`,
  );
  writeFileSync(join(distDir, rendererFile), STAND_IN_RENDERER);
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

describe('pages rendered at request time', () => {
  it('fills the template with the page, its head and what the API answered', async () => {
    const response = await page('/product-detail/7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toMatch(/<title>rendered<\/title><div id="root"><p>categories /);
    // The SPEC's categories, read from the database through the real route.
    expect(response.body).toContain('Furniture');
  });

  it('is in the reader’s language: its lang and the description link previews show', async () => {
    const german = await page('/product-detail/7', { 'accept-language': 'de' });
    expect(german.body).toContain(
      `<html lang="de"><meta name="description" content="${textsFor('de').home.pageDescription}">`,
    );
    expect((await page('/product-detail/7')).body).toContain(
      `<html lang="en"><meta name="description" content="${messages.home.pageDescription}">`,
    );
  });

  it('asks the API as a visitor, never with the browser’s credentials', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    expect((await t.app.inject({ url: API.account.me, headers: bearer(token) })).statusCode).toBe(200);
    const response = await page('/product-detail/7', { ...bearer(token), cookie: 'x=1' });
    expect(response.body).toContain('me 401');
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const response = await t.app.inject({
      url: '/product-detail/7',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>rendered</title>');
  });

  it('renders at most four pages at once per process; the fifth visitor gets the plain frame at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => page('/product-detail/busy')));
    const rendered = answers.filter((answer) => answer.body.includes('<title>rendered</title>'));
    expect(rendered).toHaveLength(4);
    expect(answers.filter((answer) => answer.body.includes('<div id="root">frame</div>'))).toHaveLength(1);
  });

  it('sends the plain frame for other pages, when the renderer declines, fails or is too slow', async () => {
    for (const url of ['/marketplace', '/product-detail/broken', '/product-detail/slow']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">frame</div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const declined = await page('/product-detail/7', { cookie: 'a=b; no-render=1' });
    expect(declined.body).toContain('<div id="root">frame</div>');
  });

  it('sends the share link to the listing’s page, and renders it for a link-preview crawler', async () => {
    const shared = await t.app.inject({ url: '/product/7?utm_source=chat', headers: { accept: '*/*' } });
    expect(shared.statusCode).toBe(301);
    expect(shared.headers.location).toBe('/product-detail/7?utm_source=chat');
    // Crawlers rarely ask for text/html by name; a page path still gets the page, a file path still a 404.
    for (const accept of ['*/*', undefined]) {
      const crawled = await t.app.inject({ url: '/product-detail/7', headers: accept ? { accept } : {} });
      expect(crawled.statusCode).toBe(200);
      expect(crawled.body).toContain('<title>rendered</title>');
    }
    expect((await t.app.inject({ url: '/assets/gone.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('answers a removed listing’s rendered page with 404, so crawlers drop the dead link', async () => {
    const gone = await page('/product-detail/gone');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain('<title>rendered</title>');
  });

  it('never serves the build’s private folders', async () => {
    for (const url of [`/${rendererFile}`, `/${templateFile}`, '/.vite/manifest.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('setApiTransport');
    }
  });
});
