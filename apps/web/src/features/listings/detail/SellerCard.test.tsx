import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDetail } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { productDetail } from '../../../test/listings';

configure({ asyncUtilTimeout: 4000 });

async function openDetail(product: ProductDetail, { signedIn = true } = {}) {
  if (signedIn) storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/Product/${product.id}`]: { body: { data: product } },
    [`POST /api/User/follow-unfollow/${product.userId}`]: {
      body: { message: 'ok', data: { userId: product.userId, isFollowing: false, followersCount: 0 } },
    },
  });
  const app = renderApp(`/product-detail/${product.id}`);
  await screen.findByRole('heading', { level: 1, name: product.title }, { timeout: 5000 });
  const seller = within(screen.getByRole('region', { name: 'seller' }));
  return { ...api, ...app, seller };
}

describe('seller card follow', () => {
  it('starts from the listing’s follow state and unfollows the seller', async () => {
    const { seller, calls } = await openDetail(productDetail({ isFollowedByCurrentUser: true }));
    expect(seller.getByRole('link', { name: /@milehighmarket/ }).getAttribute('href')).toBe('/user-main/9');
    fireEvent.click(seller.getByRole('button', { name: 'unfollow @milehighmarket' }));
    expect(seller.getByRole('button', { name: 'follow @milehighmarket' })).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/User/follow-unfollow/9').map((call) => call.body),
      ).toEqual([{ follow: false }]),
    );
  });

  it('has no follow button on your own listing, whose card leads to /user-main', async () => {
    const { seller } = await openDetail(
      productDetail({ userId: 7, sellerId: 7, userName: 'maria', isOwner: true }),
    );
    expect(seller.queryByRole('button', { name: /follow/ })).toBeNull();
    expect(seller.getByRole('link', { name: /@maria/ }).getAttribute('href')).toBe('/user-main');
  });

  it('sends a visitor to /login', async () => {
    const { seller, router } = await openDetail(productDetail(), { signedIn: false });
    fireEvent.click(seller.getByRole('button', { name: 'follow @milehighmarket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
