import { useCallback } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '@rummage/contract';
import { useScrollState } from './useScrollState';
import { useTexts } from '../../shared/i18n/useTexts';

/** True within 200 px of the bottom of a page that can scroll at all (on a short page there is no "top" to go to). */
function nearPageBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  const viewportBottom = window.scrollY + window.innerHeight;
  return scrollHeight > window.innerHeight && viewportBottom >= scrollHeight - SCROLL_TO_TOP_THRESHOLD_PX;
}

/** Back-to-top button near the page bottom, on medium screens and up (docs/product.md §2). */
export function ScrollToTopButton() {
  const texts = useTexts();
  const visible = useScrollState(useCallback(nearPageBottom, []));
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={texts.header.scrollToTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-6 bottom-6 z-30 hidden h-12 w-12 items-center justify-center rounded-full bg-brand text-white shadow-lg hover:bg-brand-700 md:flex"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-none stroke-current stroke-2">
        <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
