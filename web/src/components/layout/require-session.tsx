import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { PageLoading } from './page-loading';

/** The sign-in guard of spec 01 section 4.2: skeleton while loading, else to /login with the way back. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signedOut') {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?return=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}
