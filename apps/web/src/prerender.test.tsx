import { afterEach, describe, expect, it } from 'vitest';
import { API, PAGE_RENDERING } from '@rummage/contract';
import { adoptPageState } from './app/mount';
import { PAGE_STATE_ELEMENT_ID } from './app/pageState';
import { createQueryClient } from './app/queryClient';
import { productDetail } from './test/listings';
import { listingKeys } from './features/listings/api';
import { renderPage, rendersWithData, setApiTransport } from './prerender';
import { CONFIG_QUERY_KEY } from './shared/config/useAppConfig';

const config = {
  productName: 'Swapshop',
  supportEmail: 'help@swapshop.test',
  captcha: { provider: 'altcha' },
  mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
  mapAttribution: 'tiles',
};

/** The server's routes as the renderer reaches them (in the server, through app.inject); records every call. */
function serveApi(answers: Record<string, unknown>): string[] {
  const calls: string[] = [];
  setApiTransport(async (url) => {
    calls.push(url);
    const body = answers[url];
    return body === undefined
      ? new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  setApiTransport((url, init) => fetch(url, init));
  document.body.innerHTML = '';
});

describe('a listing rendered at request time', () => {
  it('has the photo, the title and the price in its HTML, and what a shared link previews', async () => {
    const product = productDetail({ title: 'Walnut <desk> & chair', price: 85 });
    const calls = serveApi({
      [API.config]: { data: config },
      [`/api/Product/${product.id}`]: { data: product },
    });

    const page = await renderPage(`/product-detail/${product.id}`);

    expect(page.markup).toContain(`<img src="${product.images[0]}"`);
    // The title as text: `<` and `&` escaped (a `>` in text needs no escaping, and Preact's renderer leaves it).
    expect(page.markup).toContain('>Walnut &lt;desk> &amp; chair</h1>');
    expect(page.markup).not.toContain('<desk');
    expect(page.markup).toContain('$85');
    expect(page.head).toContain('<title>Walnut &#60;desk&#62; &#38; chair - Swapshop</title>');
    expect(page.head).toContain(`<meta property="og:image" content="${product.images[0]}">`);
    expect(page.status).toBe(200);
    // The first screen's data only: the seller's other items are left to the browser.
    expect(calls.sort()).toEqual([API.config, `/api/Product/${product.id}`].sort());
  });

  it('is titled and labelled in the language it is rendered in', async () => {
    const product = productDetail({ title: 'Nussbaumtisch' });
    serveApi({ [API.config]: { data: config }, [`/api/Product/${product.id}`]: { data: product } });

    const page = await renderPage(`/product-detail/${product.id}`, 'de');

    expect(page.head).toContain('<title>Nussbaumtisch – Swapshop</title>');
    expect(page.markup).toContain('>Beschreibung</h2>');
    expect((await renderPage('/product-detail/404', 'de')).head).toContain(
      '<title>Anzeige – Swapshop</title>',
    );
  });

  it('keeps its data in one inert JSON element that no listing text can close', async () => {
    const product = productDetail({ title: '</script><script>alert(1)</script>' });
    serveApi({ [API.config]: { data: config }, [`/api/Product/${product.id}`]: { data: product } });

    const { markup } = await renderPage(`/product-detail/${product.id}`);

    expect(markup.match(/<script/g)).toEqual(['<script']);
    expect(markup).toContain(`<script type="application/json" id="rummage-page-state">`);
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
  });

  it('leaves a listing the API does not show to the browser, which asks again and says so', async () => {
    serveApi({ [API.config]: { data: config } });
    const page = await renderPage('/product-detail/404');
    // Crawlers are told the link is dead; the visitor's browser still gets the page and asks itself.
    expect(page.status).toBe(404);
    expect((await renderPage('/product-detail/not-a-number')).status).toBe(404);
    expect(page.markup).toContain('Loading listing');
    expect(page.head).toContain('<title>Listing - Swapshop</title>');
    document.body.innerHTML = `<div id="root">${page.markup}</div>`;
    const client = createQueryClient();
    adoptPageState(client, false);
    expect(client.getQueryData(listingKeys.detail(404))).toBeUndefined();
    expect(client.getQueryData(CONFIG_QUERY_KEY)).toEqual(config);
  });
});

// The browser taking over such a page without asking again is checked in a real browser
// (e2e/tests/rendered-pages.spec.ts): React's server and browser renderers do not share one test realm well.
describe('the data a rendered page brings', () => {
  async function renderedListing() {
    const product = productDetail({ title: 'Oak rocking chair' });
    serveApi({ [API.config]: { data: config }, [`/api/Product/${product.id}`]: { data: product } });
    const page = await renderPage(`/product-detail/${product.id}`);
    document.body.innerHTML = `<div id="root">${page.markup}</div>`;
    return product;
  }

  it('fills a visitor’s query cache, once', async () => {
    const product = await renderedListing();
    const client = createQueryClient();
    adoptPageState(client, false);
    expect(client.getQueryData(listingKeys.detail(product.id))).toEqual(product);
    expect(document.getElementById(PAGE_STATE_ELEMENT_ID)).toBeNull();
  });

  it('stands in for a signed-in reader’s own answers until they arrive: their likes and follows are their own', async () => {
    const product = await renderedListing();
    const client = createQueryClient();
    adoptPageState(client, true);
    // Shown (no spinner replacing the painted page), but stale, so the app asks again with the reader's token.
    expect(client.getQueryData(listingKeys.detail(product.id))).toEqual(product);
    expect(client.getQueryState(listingKeys.detail(product.id))?.isInvalidated).toBe(true);
    expect(client.getQueryState(CONFIG_QUERY_KEY)?.isInvalidated).toBe(false);
  });

  it('costs nothing but the saved requests when it cannot be read', () => {
    document.body.innerHTML = `<div id="root"><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">{oops</script></div>`;
    const client = createQueryClient();
    expect(() => adoptPageState(client, false)).not.toThrow();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('which pages are rendered with their data', () => {
  it('renders listings, and the marketplace only for a browser without a saved place', () => {
    expect(rendersWithData('/product-detail/12', '')).toBe(true);
    expect(rendersWithData('/marketplace', '')).toBe(true);
    expect(rendersWithData('/marketplace', `theme=dark; ${PAGE_RENDERING.savedPlaceCookie}=1`)).toBe(false);
    for (const path of ['/', '/login', '/user-main/3', '/product-detail/12/extra']) {
      expect(rendersWithData(path, '')).toBe(false);
    }
  });
});
