import { useEffect, useState } from 'react';

/**
 * Reads the window's scroll position on scroll and resize and reports the derived value, so the
 * component only re-renders when that value flips (not on every scrolled pixel).
 */
export function useScrollState<T>(compute: () => T): T {
  const [value, setValue] = useState(compute);
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
