import { useCallback, useEffect, useState } from 'react';

/**
 * Whether the element (put the returned ref on it) has come within `marginPx` of the viewport; it stays true
 * from then on. For work worth skipping until someone scrolls near it (a map and its tiles). True at once
 * where IntersectionObserver is missing in a browser; never while the server renders the page (no viewport).
 */
export function useNearViewport(marginPx = 300): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver !== 'function',
  );

  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, marginPx]);

  return [useCallback((next: Element | null) => setElement(next), []), near];
}
