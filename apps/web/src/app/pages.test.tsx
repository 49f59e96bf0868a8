import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@rummage/contract';
import { seriousA11yViolations } from '../test/location';
import { otherProfile } from '../features/profile/testProfiles';
import { ME_OK, mockApi, storeSession } from '../test/api';
import { renderApp } from '../test/renderApp';

/** Every page renders its SPEC state (never a placeholder) and has no serious axe findings. */
const PUBLIC_PAGES: [string, string][] = [
  ['/marketplace', messages.home.noListingsTitle],
  ['/product-detail/5', 'This listing is not available'],
  ['/garage/3', 'This garage sale is not available'],
  ['/user-main/12', '@rosa'],
  // Without a token the page answers at once, without asking the server.
  ['/verify-email', messages.emailVerification.tokenInvalid],
];

const SIGNED_IN_PAGES: [string, string][] = [
  ['/user-main', messages.profile.emptyStore],
  ['/messages', messages.inbox.emptyTitle],
  ['/followers', messages.followers.emptyTitle],
  ['/support', messages.support.help],
  ['/create-product', messages.listing.detailsHeading],
  ['/edit-product/4', messages.listing.editHeading],
  ['/create-garage', messages.garage.formTitle],
  ['/edit-profile', 'edit profile'],
  ['/chat/3/4', messages.chat.safetyNotice],
];

describe('pages', () => {
  it.each(PUBLIC_PAGES)('%s shows "%s"', async (path, text) => {
    mockApi({
      'GET /api/User/profile-details/12': { body: { data: otherProfile({ id: 12, userName: 'rosa' }) } },
    });
    renderApp(path);
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it.each(SIGNED_IN_PAGES)('%s (signed in) shows "%s"', async (path, text) => {
    storeSession();
    mockApi({ 'GET /api/Account/me': ME_OK });
    renderApp(path);
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
