import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Saltar al contenido
    </a>
  );
}

/**
 * The page area. After a client-side navigation to another page, focus moves to it so screen readers start
 * at the new content instead of a link that no longer exists; query-only changes (sort, dialogs) keep focus.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (!mainRef.current?.contains(document.activeElement)) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <main id="main" ref={mainRef} className="page" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
