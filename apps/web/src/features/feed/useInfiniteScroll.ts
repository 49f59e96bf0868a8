import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@rummage/contract';

export interface InfiniteScrollOptions {
  /** Whether there is anything left to load (false at the end of the feed). */
  enabled: boolean;
  /** A page is loading now: nothing more is asked for until it arrives. */
  loading: boolean;
  onLoadMore: () => void;
  /** How close (px) the end of the list may come to the bottom of the viewport before loading more. */
  thresholdPx?: number;
}

/**
 * Calls `onLoadMore` when the sentinel (put the returned ref on an element right after the list) comes
 * within `thresholdPx` of the bottom of the viewport (docs/product.md §9: 100 px). Uses an IntersectionObserver whose
 * rootMargin reaches that far below the viewport, or scroll and resize events where there is none.
 * The check starts afresh whenever a page finishes loading, so a short page on a tall screen keeps
 * loading until the viewport is filled or the feed ends.
 */
export function useInfiniteScroll({
  enabled,
  loading,
  onLoadMore,
  thresholdPx = INFINITE_SCROLL_THRESHOLD_PX,
}: InfiniteScrollOptions): (element: HTMLElement | null) => void {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    if (!sentinel || !enabled || loading) return;

    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
        },
        { rootMargin: `0px 0px ${thresholdPx}px 0px` },
      );
      observer.observe(sentinel);
      return () => observer.disconnect();
    }

    // Fallback: measure on scroll and resize (passive, at most once per frame).
    let frame = 0;
    const check = () => {
      frame = 0;
      if (sentinel.getBoundingClientRect().top - window.innerHeight <= thresholdPx) loadMore.current();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    check();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [sentinel, enabled, loading, thresholdPx]);

  return useCallback((element: HTMLElement | null) => setSentinel(element), []);
}
