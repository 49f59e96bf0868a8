/**
 * The floor of a page's LCP on this machine and in Lighthouse's model of a phone: the page's largest first-screen
 * content alone, with nothing of the app. For each page it serves a document of a few hundred bytes holding the
 * page's `<h1>` and its main photo (the first `<img fetchpriority="high">`, the same bytes, at the width the page
 * shows it on a phone), from a plain Node HTTP/1.1 server on 127.0.0.1: one origin for the document and the photo,
 * as on the app's page. No stylesheet beyond a few rules, no script, no icon, no manifest.
 *
 * What the floor's LCP leaves is what the network model (the document's and the photo's round trips at 150 ms
 * and 1.6 Mbps) and the browser's own start of a page (committing the navigation, making the JavaScript context,
 * the first style and layout, each × 4) cost on this machine: the part of the app's LCP no change to the app
 * can take away (docs/benchmarks.md, `lighthouse.lcp`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../apps/server/src/modules/notification/email/email.content.js';

export interface FloorPage {
  /** The `<h1>`'s text, when the page has one. */
  heading: string | null;
  /** The main photo's address on the app's server, when the page has one. */
  photo: { src: string; width: number | null; height: number | null } | null;
}

export interface FloorServer {
  origin: string;
  /** Reads the app's page at `pageUrl` and answers the floor's path for it. */
  floorOf(pageUrl: string, photoWidth: string): Promise<string>;
  stop(): Promise<void>;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The heading and main photo of a page's HTML as the app's server sends it. */
export function floorPageOf(html: string): FloorPage {
  const body = html.slice(html.indexOf('<body'));
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1];
  const heading = h1 === undefined ? null : decodeEntities(h1.replace(/<[^>]*>/g, '')).trim() || null;
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(body)?.[0];
  const attribute = (name: string) =>
    img ? new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(img)?.[1] : undefined;
  const src = attribute('src');
  const size = (name: string) => {
    const value = Number(attribute(name));
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  return {
    heading,
    photo: src ? { src: decodeEntities(src), width: size('width'), height: size('height') } : null,
  };
}

/** The floor's document: the heading, then the photo at `photoWidth` of the screen's width. */
export function floorDocument(page: FloorPage, photoPath: string | null, photoWidth: string): string {
  const size =
    page.photo?.width && page.photo.height
      ? ` width="${page.photo.width}" height="${page.photo.height}"`
      : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title>' +
    `<style>body{margin:0;font-family:system-ui,sans-serif}h1{margin:1rem;font-size:1.875rem}` +
    `img{display:block;width:${photoWidth};height:auto}</style></head><body>` +
    (page.heading ? `<h1>${escapeHtml(page.heading)}</h1>` : '') +
    (photoPath ? `<img src="${photoPath}"${size} alt="" fetchpriority="high">` : '') +
    '</body></html>'
  );
}

export async function startFloor(): Promise<FloorServer> {
  const documents = new Map<string, string>();
  const photos = new Map<string, { type: string; bytes: Buffer }>();
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    const document = documents.get(url);
    if (document !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(document);
      return;
    }
    const photo = photos.get(url);
    if (photo) {
      response.writeHead(200, { 'content-type': photo.type, 'cache-control': 'no-cache' });
      response.end(photo.bytes);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    async floorOf(pageUrl, photoWidth) {
      const answer = await fetch(pageUrl);
      if (!answer.ok) throw new Error(`${pageUrl} answered ${answer.status}`);
      const page = floorPageOf(await answer.text());
      if (!page.heading && !page.photo) throw new Error(`${pageUrl} has neither an <h1> nor a main photo`);
      const n = documents.size + 1;
      let photoPath: string | null = null;
      if (page.photo) {
        const photo = await fetch(new URL(page.photo.src, pageUrl));
        if (!photo.ok) throw new Error(`${page.photo.src} answered ${photo.status}`);
        photoPath = `/photo/${n}`;
        photos.set(photoPath, {
          type: photo.headers.get('content-type') ?? 'application/octet-stream',
          bytes: Buffer.from(await photo.arrayBuffer()),
        });
      }
      const path = `/floor/${n}`;
      documents.set(path, floorDocument(page, photoPath, photoWidth));
      return path;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
