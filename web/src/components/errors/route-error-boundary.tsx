import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorFallback } from './error-fallback';

/** Router error element: "Try again" re-enters the same location, which resets the failed route. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = isRouteErrorResponse(error) ? new Error(error.statusText || String(error.status)) : error;
  return <ErrorFallback error={shown} onRetry={() => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })} />;
}
