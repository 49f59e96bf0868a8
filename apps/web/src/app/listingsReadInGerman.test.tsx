import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, textsFor } from '@rummage/contract';
import { CONFIG_QUERY_KEY } from '../shared/config/useAppConfig';
import { loadLanguage } from '../shared/i18n/catalogues';
import { ME_OK, mockApi, storeSession, TEST_CONFIG } from '../test/api';
import { productDetail } from '../test/listings';
import { feedPage, productRange } from '../test/products';
import { renderApp } from '../test/renderApp';

configure({ asyncUtilTimeout: 4000 });
const de = textsFor('de');

/** An installation in Germany: German pages, prices in euros, distances in kilometres. */
const CONFIG = { ...TEST_CONFIG.data, defaultLocale: 'de', currency: 'EUR', distanceUnit: 'km' };

async function openInGerman(path: string, api: Parameters<typeof mockApi>[0] = {}) {
  mockApi({ 'GET /api/Config': { body: { data: CONFIG } }, 'GET /api/Account/me': ME_OK, ...api });
  const { queryClient } = renderApp(path, { language: await loadLanguage('de') });
  // As in the app, whose frame has asked for the installation's settings before a page shows.
  queryClient.setQueryData(CONFIG_QUERY_KEY, CONFIG);
  return userEvent.setup();
}

describe('listings read in German', { timeout: 20_000 }, () => {
  it('shows a listing page in German: price in euros, category, views, actions and the prefilled message', async () => {
    const product = productDetail({ views: 12 });
    await openInGerman(`/product-detail/${product.id}`, {
      [`GET /api/Product/${product.id}`]: { body: { data: product } },
      [`GET /api/Product/unsold/user/${product.userId}`]: { body: { data: [] } },
    });
    await screen.findByRole('heading', { level: 1, name: product.title });
    expect(screen.getByText('130 €')).toBeTruthy();
    expect(screen.getByText(/Hüte · 12 Aufrufe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: de.listing.share })).toBeTruthy();
    expect(screen.getByRole('button', { name: de.listing.reportButton })).toBeTruthy();
    expect(screen.getByRole('heading', { name: de.listing.descriptionHeading })).toBeTruthy();
    // The approximate area in the installation's unit.
    expect(await screen.findByText(de.pickupPrivacy.approximateArea)).toBeTruthy();
    expect(screen.getByLabelText(de.listing.messageSeller)).toHaveProperty(
      'value',
      'Hallo, ist das noch zu haben?',
    );
    await waitFor(() => expect(document.title).toBe(`${product.title} – Rummage`));
    // The map's zoom buttons, which Leaflet would name in English.
    expect(await screen.findByRole('button', { name: de.common.zoomIn })).toBeTruthy();
  });

  it('shows the listing form in German, with the price example in euros and German category names', async () => {
    storeSession();
    const user = await openInGerman('/create-product', {
      'GET /api/Category': {
        body: {
          data: [
            { id: 5, title: 'Shoes' },
            { id: 9, title: 'Bikes' },
          ],
        },
      },
    });
    await screen.findByRole('heading', { name: de.listing.detailsHeading });
    expect(screen.getByText('Zum Beispiel 12,50 €')).toBeTruthy();
    const category = screen.getByLabelText(de.listing.category);
    expect(await within(category).findByRole('option', { name: 'Schuhe' })).toBeTruthy();
    // A category an operator added keeps the name they gave it.
    expect(within(category).getByRole('option', { name: 'Bikes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: de.listing.post }));
    expect(await screen.findByText(de.listing.imageRequired)).toBeTruthy();
  });

  it('names the home page’s category chips in German, and searches by the stored title under the German name', async () => {
    const user = await openInGerman('/', {
      'GET /api/Category': { body: { data: [{ id: 5, title: 'Shoes' }] } },
      [`GET ${API.marketplace.products}`]: { body: feedPage(productRange(1, 2)) },
    });
    const chips = await screen.findByRole('navigation', { name: de.home.categories });
    const chip = await within(chips).findByRole('link', { name: 'Schuhe' });
    expect(chip.getAttribute('href')).toBe('/marketplace?search=Shoes');
    const listings = await screen.findByRole('list', { name: de.home.listingsHeading });
    expect(within(listings).getAllByRole('listitem')).toHaveLength(2);
    // The marketplace names the chip's search as the chip did.
    await user.click(chip);
    expect(await screen.findByText('Ergebnisse für „Schuhe“')).toBeTruthy();
  });
});
