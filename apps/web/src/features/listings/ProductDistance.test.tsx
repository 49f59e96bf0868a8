import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { messages, milesToKm } from '@rummage/contract';
import { ME_OK, mockApi, storeSession } from '../../test/api';
import { productDetail } from '../../test/listings';
import { renderApp } from '../../test/renderApp';
import { saveLocation } from '../../shared/session/storage';

/** A point `miles` due north of (latitude, longitude): a degree of latitude is 111.195 km on the server's sphere. */
const north = (latitude: number, miles: number) => latitude + milesToKm(miles) / 111.19508;

async function openListing(product = productDetail()) {
  mockApi({
    'GET /api/Account/me': ME_OK,
    [`GET /api/Product/${product.id}`]: { body: { data: product } },
    [`GET /api/Product/unsold/user/${product.userId}`]: { body: { data: [] } },
  });
  renderApp(`/product-detail/${product.id}`);
  await screen.findByRole('heading', { level: 1, name: product.title });
}

describe('distance to a listing (docs/product.md §13)', () => {
  it('says how far the answered point is from the saved place, to the half mile', async () => {
    const listing = productDetail();
    saveLocation('Denver, CO', north(listing.latitude, 2.3), listing.longitude);
    await openListing(listing);
    expect(screen.getByText('· 2.5 mi away', { exact: false })).toBeTruthy();
  });

  it('says "less than 0.5 mi" next door, never "0 mi"', async () => {
    const listing = productDetail();
    saveLocation('Denver, CO', north(listing.latitude, 0.1), listing.longitude);
    await openListing(listing);
    expect(screen.getByText(messages.pickupPrivacy.underHalfMileAway, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/\b0 mi/)).toBeNull();
  });

  it('shows no distance without a saved place', async () => {
    await openListing();
    expect(screen.queryByText(/mi away/)).toBeNull();
  });

  it('shows the seller no distance to their own spot', async () => {
    storeSession({ userId: '9' });
    const listing = productDetail({ isOwner: true });
    saveLocation('Denver, CO', north(listing.latitude, 3), listing.longitude);
    await openListing(listing);
    expect(screen.getByText(messages.pickupPrivacy.exactForSeller)).toBeTruthy();
    expect(screen.queryByText(/mi away/)).toBeNull();
  });
});
