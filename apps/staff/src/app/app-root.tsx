import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { Toaster } from '@mandado/web-kit/toaster.tsx';
import { Outlet } from 'react-router';

/** The root route: what every area shares. */
export function AppRoot() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/** Shown while a route's chunk or the session loads. */
export function PageLoading() {
  return (
    <div className="app-loading">
      <Spinner label="Cargando" />
    </div>
  );
}
