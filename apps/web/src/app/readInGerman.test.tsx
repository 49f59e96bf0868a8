import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '../features/feed/ProductCard';
import { NotificationRow } from '../features/notifications/NotificationRow';
import { Footer } from '../features/shell/Footer';
import { mockApi, TEST_CONFIG } from '../test/api';
import { productCard } from '../test/products';
import { loadLanguage } from '../shared/i18n/catalogues';
import { LanguageContext } from '../shared/i18n/useTexts';
import { CONFIG_QUERY_KEY } from '../shared/config/useAppConfig';

async function renderInGerman(element: React.ReactNode) {
  const config = { ...TEST_CONFIG.data, defaultLocale: 'de', currency: 'EUR', distanceUnit: 'km' };
  mockApi({ 'GET /api/Config': { body: { data: config } } });
  // As in the app, whose frame has asked for the installation's settings before a listing shows.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CONFIG_QUERY_KEY, config);
  const language = await loadLanguage('de');
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <LanguageContext.Provider value={language}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageContext.Provider>,
  );
}

describe('a page read in German', () => {
  it('shows a listing card with its price in euros as German writes them', async () => {
    await renderInGerman(
      <ProductCard product={productCard(42, { title: 'Messinglampe', price: 12.5, views: 3 })} />,
    );
    expect(await screen.findByText('12,50 €')).toBeTruthy();
  });

  it("abbreviates a listing card's views as German writes thousands", async () => {
    await renderInGerman(<ProductCard product={productCard(42, { title: 'Messinglampe', views: 1530 })} />);
    // The matcher reads the no-break space between figure and word as a space.
    expect(await screen.findByText('1,5 Tsd.')).toBeTruthy();
    expect(screen.getByText('1,5 Tsd. Aufrufe')).toBeTruthy();
  });

  it('shows the footer in German, with the language switch naming each language in itself', async () => {
    await renderInGerman(<Footer />);
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeTruthy();
    const switcher = screen.getByRole('navigation', { name: 'Sprache' });
    const buttons = within(switcher).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['English', 'Deutsch', 'Español']);
    expect(within(switcher).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says how long ago something happened in German', async () => {
    const now = Date.now();
    await renderInGerman(
      <ul>
        <NotificationRow
          notification={{
            id: 1,
            type: 'message',
            title: 'Neue Nachricht von bob',
            body: '',
            link: '/chat/12/41',
            createdAt: new Date(now - 5 * 60_000).toISOString(),
            isRead: true,
          }}
          now={now}
          onOpen={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByText('vor 5 Minuten')).toBeTruthy();
  });
});
