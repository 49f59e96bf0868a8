import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { floorDocument, floorPageOf, startFloor } from './floor.js';

const PHOTO = Buffer.from('RIFF....WEBPVP8 not really a photo, but its bytes must arrive unchanged');

/** A page as the app's server renders it: the header's logo first, then the page's heading and main photo. */
const LISTING_PAGE =
  '<!doctype html><html><head><title>Lamp</title><style>h1{}</style></head><body><div id="root">' +
  '<header><img src="/favicon.svg" alt class="h-8 w-8"/></header>' +
  '<h1 class="text-2xl">Brass &amp; glass <span>reading</span> lamp</h1>' +
  '<img src="/uploads/lamp-large.webp" alt="Lamp (1 of 2)" fetchPriority="high" width="480" height="360"/>' +
  '<img src="/uploads/other-thumb.webp" fetchPriority="high"/></div></body></html>';

describe("a page's floor", () => {
  it("takes the page's heading text and its first main photo, not the header's logo", () => {
    expect(floorPageOf(LISTING_PAGE)).toEqual({
      heading: 'Brass & glass reading lamp',
      photo: { src: '/uploads/lamp-large.webp', width: 480, height: 360 },
    });
    expect(floorPageOf('<html><body><h1>Find it</h1></body></html>')).toEqual({
      heading: 'Find it',
      photo: null,
    });
  });

  it('is a document of the heading and the photo at the width the page shows it, with no script', () => {
    const document = floorDocument(floorPageOf(LISTING_PAGE), '/photo/1', '50%');
    expect(document).toContain('<h1>Brass &amp; glass reading lamp</h1>');
    expect(document).toContain('<img src="/photo/1" width="480" height="360" alt="" fetchpriority="high">');
    expect(document).toContain('img{display:block;width:50%;height:auto}');
    expect(document).not.toMatch(/<script|<link/);
  });

  describe('served beside a running app', () => {
    const app = createServer((request, response) => {
      if (request.url === '/product-detail/7') {
        response.writeHead(200, { 'content-type': 'text/html' }).end(LISTING_PAGE);
      } else if (request.url === '/uploads/lamp-large.webp') {
        response.writeHead(200, { 'content-type': 'image/webp' }).end(PHOTO);
      } else {
        response.writeHead(404).end();
      }
    });
    const appOrigin = new Promise<string>((resolve) =>
      app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(app.address() as AddressInfo).port}`)),
    );
    const floor = startFloor();
    afterAll(async () => {
      await (await floor).stop();
      await new Promise((resolve) => app.close(resolve));
    });

    it("answers the floor's document and the page's own photo bytes from one origin", async () => {
      const server = await floor;
      const path = await server.floorOf(`${await appOrigin}/product-detail/7`, '100%');
      const page = await fetch(server.origin + path);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<h1>Brass &amp; glass reading lamp</h1>');
      const photoPath = /<img src="([^"]+)"/.exec(html)?.[1];
      const photo = await fetch(server.origin + photoPath);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(PHOTO);
    });

    it('refuses a page it cannot read rather than measuring an empty floor', async () => {
      const server = await floor;
      await expect(server.floorOf(`${await appOrigin}/missing`, '100%')).rejects.toThrow('answered 404');
    });
  });
});
