import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messages } from '@rummage/contract';
import { NO_UNREAD, UnreadCountsContext } from '../../shared/realtime/UnreadCountsContext';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { ProfileMobileBar } from './ProfileMobileBar';
import { otherProfile } from './testProfiles';

function renderBar(unreadMessages: number) {
  const router = createMemoryRouter([{ path: '/', element: <ProfileMobileBar title="My Profile" /> }]);
  render(
    <UnreadCountsContext.Provider value={{ ...NO_UNREAD, messages: unreadMessages }}>
      <RouterProvider router={router} />
    </UnreadCountsContext.Provider>,
  );
}

describe('profile phone bar (docs/product.md §2 Profile)', () => {
  it('has "sell" to /create-product, the title, and a "menu" with Messages and its count', () => {
    renderBar(1200);
    expect(screen.getByRole('link', { name: messages.profile.sell }).getAttribute('href')).toBe(
      '/create-product',
    );
    expect(screen.getByText('My Profile')).toBeTruthy();
    const menu = screen.getByRole('button', { name: /menu 1\.2k unread messages/ });
    expect(menu.textContent).toContain(messages.profile.menu);
    fireEvent.click(menu);
    const item = screen.getByRole('link', { name: /^Messages/ });
    expect(item.getAttribute('href')).toBe('/messages');
    expect(within(item).getByTestId('count-badge').textContent).toBe('1.2k unread messages');
  });

  it('shows no badge when nothing is unread', () => {
    renderBar(0);
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('count-badge')).toBeNull();
  });

  it('is on someone else’s profile too', async () => {
    storeSession();
    mockApi({
      'GET /api/Account/me': ME_OK,
      'GET /api/User/profile-details/9': { body: { data: otherProfile() } },
      'GET /api/Product/unsold/user/9': { body: { data: [] } },
      'GET /api/Product/sold/user/9': { body: { data: [] } },
    });
    renderApp('/user-main/9');
    await screen.findByRole('heading', { level: 1, name: '@milehighmarket' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: messages.profile.sell })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Profile menu' })).toBeTruthy();
  });
});
