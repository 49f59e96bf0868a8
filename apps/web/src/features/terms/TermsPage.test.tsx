import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, DEFAULT_PRODUCT_NAME, DEFAULT_SUPPORT_EMAIL, MINIMUM_AGE } from '@rummage/contract';
import TermsPage from './TermsPage';
import { jsonResponse, mockFetch, seriousA11yViolations } from '../../test/location';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/terms']}>
        <TermsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets the config query finish (or fail) so the assertions see its outcome, not the first render. */
async function settleQuery() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const CONFIG = {
  productName: 'Swapshop',
  supportEmail: 'help@swapshop.example',
  captcha: { provider: 'none' },
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '© OpenStreetMap contributors',
};

describe('TermsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the breadcrumb, the heading and the numbered sections the SPEC lists', async () => {
    mockFetch({ [API.config]: () => jsonResponse({ data: CONFIG }) });
    renderPage();
    // Wait for the runtime config, so the text below is the branded one.
    await screen.findByRole('link', { name: CONFIG.supportEmail });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(breadcrumb.textContent).toContain('Home>Terms of Service');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    expect(headings).toHaveLength(14);
    headings.forEach((heading, index) => expect(heading.startsWith(`${index + 1}. `)).toBe(true));

    const text = document.body.textContent ?? '';
    expect(text).toContain(`at least ${MINIMUM_AGE} years old`);
    expect(text).toContain('OpenStreetMap contributors');
    expect(text).toContain('GeoNames, CC-BY 4.0');
    expect(text).toContain('12 months');
    expect(text).toContain('card payment provider');

    expect(document.title).toBe('Terms of Service - Swapshop');
    expect(screen.getByRole('link', { name: CONFIG.supportEmail }).getAttribute('href')).toBe(
      `mailto:${CONFIG.supportEmail}`,
    );
    expect(text).not.toContain(DEFAULT_PRODUCT_NAME);
  });

  it('falls back to the default product name and e-mail when the config cannot be loaded', async () => {
    const { fn } = mockFetch({ [API.config]: () => jsonResponse({ message: 'down' }, 503) });
    renderPage();
    await waitFor(() => expect(fn).toHaveBeenCalled());
    await settleQuery();
    expect(document.title).toBe(`Terms of Service - ${DEFAULT_PRODUCT_NAME}`);
    expect(screen.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toBeTruthy();
  });

  it('uses the defaults when the installation leaves the name and e-mail blank', async () => {
    const { fn } = mockFetch({
      [API.config]: () => jsonResponse({ data: { ...CONFIG, productName: ' ', supportEmail: '' } }),
    });
    renderPage();
    await waitFor(() => expect(fn).toHaveBeenCalled());
    await settleQuery();
    expect(document.title).toBe(`Terms of Service - ${DEFAULT_PRODUCT_NAME}`);
    expect(screen.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toBeTruthy();
  });

  it('has no serious or critical axe-core violations', async () => {
    mockFetch({ [API.config]: () => jsonResponse({ data: CONFIG }) });
    const { container } = renderPage();
    await screen.findByRole('link', { name: CONFIG.supportEmail });
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
