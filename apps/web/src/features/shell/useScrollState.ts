import { useEffect, useState } from 'react';

/**
 * Reads the window's scroll position on scroll and resize and reports the derived flag, so the
 * component only re-renders when that flag flips (not on every scrolled pixel). False where there is no
 * window: the home page's HTML is rendered at build time (src/prerender.tsx).
 */
export function useScrollState(compute: () => boolean): boolean {
  const [value, setValue] = useState(() => typeof window !== 'undefined' && compute());
  useEffect(() => {
    const update = () => setValue(compute());
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [compute]);
  return value;
}
