import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '../../lib/auth-store.ts';

/** Layout route for protected pages: anonymous visitors go to /login. */
export function RequireAuth() {
  const isLoggedIn = useIsLoggedIn();
  return isLoggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
