import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../features/shell/Footer';
import { Header } from '../features/shell/Header';
import { ScrollToTopButton } from '../features/shell/ScrollToTopButton';
import { OfflineNotice } from '../shared/ui/OfflineNotice';
import { Spinner } from '../shared/ui/Spinner';
import { useTexts } from '../shared/i18n/useTexts';

/** docs/product.md §2: the page scrolls smoothly to the top on each route change. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

/** Header, the page, footer: every route renders inside this frame. */
export function RootLayout() {
  const texts = useTexts();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {texts.header.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex w-full flex-1 flex-col outline-none">
        <OfflineNotice />
        {/* Each page is its own chunk; the frame stays on screen while one loads. A screen high, like the
            prerendered frame (src/prerender.tsx), so the footer stays out of sight until the page is in. */}
        <Suspense fallback={<Spinner fillScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTopButton />
      <ScrollToTopOnNavigate />
    </div>
  );
}
