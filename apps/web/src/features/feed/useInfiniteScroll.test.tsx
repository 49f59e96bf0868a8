import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@rummage/contract';
import { useInfiniteScroll } from './useInfiniteScroll';

function List({
  enabled,
  loading,
  onLoadMore,
}: {
  enabled: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const sentinelRef = useInfiniteScroll({ enabled, loading, onLoadMore });
  return <div ref={sentinelRef} data-testid="sentinel" />;
}

/** Places the sentinel `distance` px below the bottom of an 800 px viewport. */
function sentinelBelowViewport(distance: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top: 800 + distance,
  } as DOMRect);
}

describe('useInfiniteScroll without IntersectionObserver (scroll fallback)', () => {
  it('loads more once the sentinel is within the threshold of the viewport bottom', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    const onLoadMore = vi.fn();
    sentinelBelowViewport(INFINITE_SCROLL_THRESHOLD_PX + 300);
    const { rerender } = render(<List enabled loading={false} onLoadMore={onLoadMore} />);
    expect(onLoadMore).not.toHaveBeenCalled();

    sentinelBelowViewport(INFINITE_SCROLL_THRESHOLD_PX - 10);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // While the page loads, scrolling asks for nothing; once it has arrived, the check runs again.
    rerender(<List enabled loading onLoadMore={onLoadMore} />);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<List enabled loading={false} onLoadMore={onLoadMore} />);
    expect(onLoadMore).toHaveBeenCalledTimes(2);

    // At the end of the feed nothing more is asked for.
    rerender(<List enabled={false} loading={false} onLoadMore={onLoadMore} />);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });
});
