import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, PAGE_SIZE, messages } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { feedPage, productRange } from '../../test/products';
import { seriousA11yViolations } from '../../test/location';

const FEED = `GET ${API.marketplace.products}`;

describe('home listings', () => {
  it('shows the first page of 8 listings and a See more link to the marketplace', async () => {
    const pageSizes: (string | null)[] = [];
    mockApi({
      [FEED]: ({ url }) => {
        pageSizes.push(url.searchParams.get('pageSize'));
        return { body: feedPage(productRange(1, PAGE_SIZE.home)) };
      },
    });
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Listings near you' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(PAGE_SIZE.home);
    expect(pageSizes).toEqual([String(PAGE_SIZE.home)]);
    expect(screen.getByRole('link', { name: messages.home.seeMore }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(screen.queryByText(messages.home.noListingsTitle)).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('shows "No Listings Nearby" when there are none, and when the feed fails (only logged)', async () => {
    mockApi({ [FEED]: { body: feedPage([]) } });
    const first = renderApp('/');
    expect(await screen.findByText(messages.home.noListingsTitle, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: messages.home.seeMore })).toBeNull();
    first.unmount();

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [FEED]: { status: 500, body: { message: 'boom' } } });
    renderApp('/');
    expect(await screen.findByText(messages.home.noListingsTitle)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
