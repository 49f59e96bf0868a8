import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fillText, messages, type ProductDetail, type Reputation } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { productDetail } from '../../../test/listings';
import { reputation } from '../../../test/reputation';

configure({ asyncUtilTimeout: 4000 });

const R = messages.reviews;

async function openDetail(
  product: ProductDetail,
  {
    signedIn = true,
    reputation: answer = reputation(),
  }: { signedIn?: boolean; reputation?: Reputation } = {},
) {
  if (signedIn) storeSession();
  const api = mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/Review/user/${product.userId}/reputation`]: { body: { data: answer } },
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

describe('seller card reputation', () => {
  it('shows the stars read out as the average, the count, deals done, reply time and since when', async () => {
    const { seller, calls } = await openDetail(productDetail(), {
      reputation: reputation({
        average: 4.7,
        count: 3,
        asSeller: { average: 4.7, count: 3 },
        deals: 4,
        medianReplyMinutes: 150,
      }),
    });
    expect(
      await seller.findByRole('img', { name: fillText(R.averageLabel, { average: 4.7, count: 3 }) }),
    ).toBeTruthy();
    expect(seller.getByText('4.7 · 3 ratings')).toBeTruthy();
    expect(seller.getByText('4 deals done')).toBeTruthy();
    expect(seller.getByText('Usually replies within 3 hours')).toBeTruthy();
    expect(seller.getByText(/thrifter since/)).toBeTruthy();
    // The profile answer would count a profile view for every listing opened: the card asks for the reputation alone.
    expect(calls.some((call) => call.path.startsWith('/api/User/profile-details'))).toBe(false);
  });

  it('says "No ratings yet." and leaves out deals and reply time it cannot tell', async () => {
    const { seller } = await openDetail(productDetail(), { reputation: reputation({ deals: 1 }) });
    expect(await seller.findByText(R.noReviews)).toBeTruthy();
    expect(seller.getByText('1 deal done')).toBeTruthy();
    expect(seller.queryByText(/Usually replies/)).toBeNull();
    expect(seller.queryByRole('img')).toBeNull();
  });
});
