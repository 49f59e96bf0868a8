import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { resetReloadCheckForTests } from './useDropSearchOnReload';

function navigationType(type: NavigationTimingType, name = 'http://localhost/marketplace?search=lamp') {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type, name } as PerformanceNavigationTiming]);
}

describe('marketplace', () => {
  beforeEach(() => resetReloadCheckForTests());

  it('shows the search, the SPEC title and the end-of-feed block with its two actions', async () => {
    navigationType('navigate');
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    expect(await screen.findByText('Results for “lamp”')).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.home.changeLocation })).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.home.createListing }).getAttribute('href')).toBe(
      '/create-product',
    );
    await waitFor(() => expect(document.title).toBe('Marketplace - Rummage'));
    expect(router.state.location.search).toBe('?search=lamp');
  });

  it('drops the search when the page was reloaded with one', async () => {
    navigationType('reload');
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('keeps the search when another page was the one reloaded', async () => {
    navigationType('reload', 'http://localhost/');
    mockApi();
    const { router } = renderApp('/marketplace?search=lamp');
    expect(await screen.findByText('Results for “lamp”')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=lamp');
  });
});
