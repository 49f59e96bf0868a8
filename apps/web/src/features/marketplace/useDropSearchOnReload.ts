import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@rummage/contract';

/** Only the document's first render can be "the reload"; later in-app visits must keep their search. */
let firstRenderHandled = false;

/** True when the document itself was reloaded while showing the marketplace (not some other page). */
function marketplaceWasReloaded(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const navigation = entry as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'reload') return false;
  try {
    return new URL(navigation.name, window.location.href).pathname === ROUTES.marketplace;
  } catch {
    return false;
  }
}

/** docs/product.md §2: reloading the marketplace while a search is present redirects to plain /marketplace. */
export function useDropSearchOnReload(search: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (firstRenderHandled) return;
    firstRenderHandled = true;
    if (search && marketplaceWasReloaded()) navigate(ROUTES.marketplace, { replace: true });
  }, [search, navigate]);
}

/** Lets tests start each case as a fresh page load. */
export function resetReloadCheckForTests(): void {
  firstRenderHandled = false;
}
