import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { seriousA11yViolations } from '../../test/location';
import { mockApi } from '../../test/api';
import { formatPrice } from '@rummage/contract';
import { ProductCard, VIEW_COUNT_WAIT_MS } from './ProductCard';
import { productCard } from '../../test/products';

function DetailPage() {
  const { productId } = useParams();
  return <p>detail of {productId}</p>;
}

function renderCard(product = productCard(42, { title: 'Brass lamp' }), onOpen = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ProductCard product={product} onOpen={onOpen} /> },
      { path: '/product-detail/:productId', element: <DetailPage /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onOpen };
}

describe('ProductCard', () => {
  it('shows the photo, the price, the views (abbreviated) and the title, linking to the detail page', async () => {
    mockApi();
    renderCard(productCard(42, { title: 'Brass lamp', price: 12.5, views: 1530 }));
    const image = screen.getByRole('img', { name: 'Brass lamp' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('src')).toBe('/uploads/products/42-thumb.webp');
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText('1.5k')).toBeTruthy();
    expect(screen.getByText('1.5k views')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Brass lamp' }).getAttribute('href')).toBe('/product-detail/42');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('reads one view in the singular', () => {
    mockApi();
    renderCard(productCard(43, { title: 'Tin robot', views: 1 }));
    expect(screen.getByText('1 view')).toBeTruthy();
  });

  it('formats prices with two decimals only when they are not whole dollars', () => {
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0.99)).toBe('$0.99');
    expect(formatPrice(1250)).toBe('$1,250');
  });

  it('counts the view first, then navigates', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = mockApi();
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router, onOpen } = renderCard();

    fireEvent.click(screen.getByRole('link', { name: 'Brass lamp' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/Product/increment-views/42');
    expect(init?.method).toBe('POST');
    expect(router.state.location.pathname).toBe('/');

    await act(async () => answer(new Response(JSON.stringify({ data: { views: 1 } }), { status: 200 })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-detail/42'));
    expect(screen.getByText('detail of 42')).toBeTruthy();
  });

  it('does not hold the visitor up when counting the view hangs, nor when it fails', async () => {
    vi.useFakeTimers();
    try {
      const { fetchMock } = mockApi();
      fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
      const { router } = renderCard();
      fireEvent.click(screen.getByRole('link', { name: 'Brass lamp' }));
      await act(async () => vi.advanceTimersByTimeAsync(VIEW_COUNT_WAIT_MS - 50));
      expect(router.state.location.pathname).toBe('/');
      await act(async () => vi.advanceTimersByTimeAsync(60));
      expect(router.state.location.pathname).toBe('/product-detail/42');
    } finally {
      vi.useRealTimers();
    }

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'POST /api/Product/increment-views/7': { status: 500 } });
    const { router } = renderCard(productCard(7, { title: 'Chair' }));
    fireEvent.click(screen.getByRole('link', { name: 'Chair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-detail/7'));
    expect(warn).toHaveBeenCalled();
  });

  it('counts one view for a double click', async () => {
    const { calls } = mockApi({ 'POST /api/Product/increment-views/42': { body: { data: { views: 1 } } } });
    const { router } = renderCard();
    const link = screen.getByRole('link', { name: 'Brass lamp' });
    fireEvent.click(link);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product-detail/42'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
