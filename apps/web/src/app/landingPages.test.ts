import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ROUTES } from '@rummage/contract';
import { apiFetch } from '../shared/api/client';
import { mockApi, storeSession } from '../test/api';
import {
  landingPageLoader,
  loadGarageSalePage,
  loadMarketplacePage,
  loadProductDetailPage,
  loadProfilePage,
  settledOnceLoaded,
  startLandingPage,
} from './landingPages';

describe('landingPageLoader', () => {
  it('finds the page of each landing route in the contract', () => {
    expect(landingPageLoader(ROUTES.marketplace)).toBe(loadMarketplacePage);
    expect(landingPageLoader(ROUTES.productDetail(42))).toBe(loadProductDetailPage);
    expect(landingPageLoader(ROUTES.productShare(42))).toBe(loadProductDetailPage);
    expect(landingPageLoader(ROUTES.garage(7))).toBe(loadGarageSalePage);
    expect(landingPageLoader(ROUTES.otherUser(12))).toBe(loadProfilePage);
  });

  it('leaves other routes to the router', () => {
    for (const path of [
      ROUTES.home,
      ROUTES.login,
      ROUTES.userMain,
      ROUTES.garageRoute,
      ROUTES.editProduct(4),
    ]) {
      expect(landingPageLoader(path)).toBeUndefined();
    }
  });
});

describe('settledOnceLoaded', () => {
  it('hands a loaded module over synchronously, so React.lazy renders without suspending', async () => {
    const module = { default: 'page' };
    const load = vi.fn(() => Promise.resolve(module));
    const loader = settledOnceLoaded(load);
    expect(await loader()).toBe(module);

    let handedOver: unknown;
    void loader().then((value) => (handedOver = value));
    expect(handedOver).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('page');
    const loader = settledOnceLoaded(load);
    await expect(loader()).rejects.toThrow('offline');
    expect(await loader()).toBe('page');
  });
});

describe('startLandingPage', () => {
  const photoPreload = () => document.head.querySelector('link[rel="preload"][as="image"]');
  afterEach(() => photoPreload()?.remove());

  it('asks for a shared listing beside the code; the page takes that answer instead of asking again', async () => {
    storeSession();
    const { calls } = mockApi({
      'GET /api/Product/42': { body: { data: { id: 42, images: ['/uploads/lamp-large.webp'] } } },
    });
    startLandingPage(ROUTES.productShare(42));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/Product/42')).toBe(true));

    const body = await apiFetch<{ data: { id: number } }>('/api/Product/42');
    expect(body.data.id).toBe(42);
    const asked = calls.filter((call) => call.path === '/api/Product/42');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    // The first photo, the page's largest element, is requested as soon as the answer is in.
    await waitFor(() => expect(photoPreload()?.getAttribute('href')).toBe('/uploads/lamp-large.webp'));
  });

  it('asks again when the session changed before the page asked', async () => {
    storeSession({ authToken: 'before-login' });
    const { calls } = mockApi({ 'GET /api/Product/42': { body: { data: { id: 42, images: [] } } } });
    const asked = () => calls.filter((call) => call.path === '/api/Product/42');
    startLandingPage(ROUTES.productDetail(42));
    await waitFor(() => expect(asked()).toHaveLength(1));
    storeSession({ authToken: 'after-login' });

    await apiFetch('/api/Product/42');
    expect(asked().map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer before-login',
      'Bearer after-login',
    ]);
  });

  it('fetches nothing early for other pages', async () => {
    const { calls } = mockApi();
    startLandingPage(ROUTES.marketplace);
    startLandingPage(ROUTES.productDetail('abc'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });
});
