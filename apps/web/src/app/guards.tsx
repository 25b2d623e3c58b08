import type { Role } from '@basha/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryState } from '../components/ui/query-state.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { paths } from '../lib/paths.ts';
import { listingsArePublic } from '../lib/public-listings.ts';

/** Signed-in only; visitors go to /login and come back here afterwards. */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <QueryState query={me}>{() => null}</QueryState>;
  if (!me.data) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

/** All Properties and details: signed-in only, unless the site lets visitors browse listings. */
export function RequireSignInUnlessListingsArePublic() {
  return listingsArePublic() ? <Outlet /> : <RequireSignIn />;
}

/** Only the given role (or roles); anyone else is sent home (the spec's guard). */
export function RequireRole({
  allow,
  children,
}: {
  allow: Role | readonly Role[];
  children?: ReactNode;
}) {
  const me = useMe();
  if (me.isPending) return <Spinner />;
  const allowed: readonly Role[] = typeof allow === 'string' ? [allow] : allow;
  if (!me.data || !allowed.includes(me.data.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

/** Login and signup are for visitors; signed-in accounts are sent home. */
export function VisitorsOnly({ children }: { children?: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Spinner />;
  if (me.data) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
