import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@rummage/contract';
import { useSession } from '../shared/session/SessionContext';
import { Spinner } from '../shared/ui/Spinner';

/** Protected routes (docs/product.md §2, §6): no stored token means /login. */
export function RequireSession() {
  const { session, isRestoring } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  // A token from an earlier visit is checked once before protected pages use it (docs/product.md §4 loading flag).
  if (isRestoring) return <Spinner />;
  return <Outlet />;
}

/**
 * /login sends people who arrive with a stored token to / (docs/product.md §2). Only the state on arrival counts:
 * signing in on this page must go on to /user-main, not be bounced to /.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [signedInOnArrival] = useState(() => session !== null);
  if (signedInOnArrival) return <Navigate to={ROUTES.home} replace />;
  return <>{children}</>;
}
