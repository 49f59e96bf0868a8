import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@rummage/contract';
import { CountBadge } from '../../shared/ui/CountBadge';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { seriousA11yViolations } from '../../test/location';

describe('count badge', () => {
  it('renders nothing at 0', () => {
    const { container } = render(<CountBadge count={0} noun="unreadMessages" />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the count, abbreviated from 1000', () => {
    const { rerender } = render(<CountBadge count={3} noun="unreadMessages" />);
    expect(screen.getByTestId('count-badge').textContent).toBe('3 unread messages');
    rerender(<CountBadge count={1500} noun="unreadMessages" />);
    expect(screen.getByTestId('count-badge').textContent).toBe('1.5k unread messages');
    rerender(<CountBadge count={1} noun="unreadMessages" />);
    expect(screen.getByTestId('count-badge').textContent).toBe('1 unread message');
  });
});

describe('header menus', () => {
  it('guest menu: Marketplace, Sell, Login; closes on outside click', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(trigger.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([messages.header.marketplace, messages.header.sell, messages.header.login]);
    await user.click(await screen.findByRole('heading', { level: 1 }));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
  });

  it('create menu offers For Sale and Garage Sale and closes on Escape, returning focus', async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: /create/i });
    await user.click(trigger);
    expect(screen.getByRole('link', { name: messages.header.forSale }).getAttribute('href')).toBe(
      '/create-product',
    );
    expect(screen.getByRole('link', { name: messages.header.garageSale }).getAttribute('href')).toBe(
      '/create-garage',
    );
    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('signed-in menu has no unread badge at 0 and logs out to /login', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/Account/me': ME_OK, 'POST /api/Account/logout': { status: 204 } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(trigger);
    const menu = document.getElementById(trigger.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      messages.header.marketplace,
      messages.header.sell,
      messages.header.followers,
      messages.header.messages,
      messages.header.myProfile,
      messages.notifications.settings,
      messages.savedSearches.pageTitle,
      messages.blocking.listTitle,
    ]);
    expect(screen.queryByTestId('count-badge')).toBeNull();
    await user.click(within(menu).getByRole('button', { name: messages.header.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    const logout = calls.find((call) => call.path === '/api/Account/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('log out everywhere ends every session on the server and signs out here', async () => {
    storeSession();
    const { calls } = mockApi({
      'GET /api/Account/me': ME_OK,
      'POST /api/Account/logout-everywhere': {
        status: 200,
        body: { message: messages.login.loggedOutEverywhere },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: messages.header.logoutEverywhere }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    const call = calls.find((entry) => entry.path === '/api/Account/logout-everywhere');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(calls.some((entry) => entry.path === '/api/Account/logout')).toBe(false);
  });

  it('logout still signs out when the server call fails', async () => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK, 'POST /api/Account/logout': { status: 500 } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: messages.header.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('location bar shows "Set Location", or the saved address', async () => {
    mockApi();
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Set Location/ })).toBeTruthy();
    localStorage.setItem('userAddress', 'Springfield, IL');
    localStorage.setItem('userLat', '39.78');
    localStorage.setItem('userLng', '-89.65');
    window.dispatchEvent(new CustomEvent('location-updated'));
    expect(await screen.findByRole('button', { name: /Springfield, IL/ })).toBeTruthy();
  });

  it('footer links terms, marketplace, support and shows the copyright line', async () => {
    mockApi();
    renderApp('/');
    const footer = (await screen.findByRole('contentinfo')) as HTMLElement;
    expect(within(footer).getByRole('link', { name: messages.footer.terms }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: messages.footer.marketplace }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(within(footer).getByRole('link', { name: messages.footer.support }).getAttribute('href')).toBe(
      '/support',
    );
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Rummage`)).toBeTruthy();
  });
});

describe('home page', () => {
  it('shows hero, category chips linking to marketplace searches and the no-listings panel', async () => {
    mockApi({ 'GET /api/Category': { body: { data: [{ id: 1, title: 'Vintage' }] } } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect((await screen.findByRole('link', { name: 'Vintage' })).getAttribute('href')).toBe(
      '/marketplace?search=Vintage',
    );
    expect(screen.getByRole('heading', { name: messages.home.noListingsTitle })).toBeTruthy();
    expect(screen.getByText(messages.home.noListingsText)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.home.createListing }).getAttribute('href')).toBe(
      '/create-product',
    );
    await waitFor(() => expect(document.title).toBe('Rummage - Official Site'));
    expect(await seriousA11yViolations()).toEqual([]);
    await user.type(screen.getByPlaceholderText(messages.home.searchPlaceholder), 'lamp');
    await user.click(screen.getByRole('button', { name: messages.home.searchButton }));
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(router.state.location.search).toBe('?search=lamp');
  });

  it('says "Failed to load categories" when the categories call fails', async () => {
    mockApi({ 'GET /api/Category': { status: 500 } });
    renderApp('/');
    expect(await screen.findByText(messages.categories.loadFailed)).toBeTruthy();
  });
});
