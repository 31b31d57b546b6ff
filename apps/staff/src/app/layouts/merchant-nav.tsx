import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { PendingReturnsBadge } from '../../features/returns/pending-returns-badge.tsx';

/**
 * The store area's sections under the header: the orders for every member, the catalog, the store's
 * availability, its statements and its team for the store's owners only (its staff members work the orders;
 * the API refuses them the rest). On a 360 px phone the tabs scroll sideways inside their own strip (staff.css).
 */
export function MerchantNav({ store }: { store: MerchantStore }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // A page opened by a link ('Liquidaciones', the last tab) may sit past the strip's edge on a phone: scroll
  // the strip (only the strip, never the page) so the current tab shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page, and so the current tab, changes.
  useEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const left = current.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + current.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = left - (strip.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname, store.member_role]);

  return (
    <nav className="merchant-nav" aria-label="Secciones de la tienda">
      <ul ref={list} className="merchant-nav__list container">
        <li>
          <NavLink to={STAFF_PATHS.merchant} end className="merchant-nav__link">
            Pedidos
          </NavLink>
        </li>
        {/* Issue 32: every member sees the returns, with the count of those waiting for an answer. */}
        <li>
          <NavLink to={STAFF_PATHS.merchantReturns} className="merchant-nav__link">
            Devoluciones
            <PendingReturnsBadge storeId={store.id} />
          </NavLink>
        </li>
        {store.member_role === 'owner' ? (
          <li>
            <NavLink to={STAFF_PATHS.merchantCatalog} className="merchant-nav__link">
              Catálogo
            </NavLink>
          </li>
        ) : null}
        {store.member_role === 'owner' ? (
          <>
            <li>
              <NavLink to={STAFF_PATHS.merchantStore} className="merchant-nav__link">
                Tienda
              </NavLink>
            </li>
            <li>
              <NavLink to={STAFF_PATHS.merchantSales} className="merchant-nav__link">
                Ventas
              </NavLink>
            </li>
            <li>
              <NavLink to={STAFF_PATHS.merchantStatements} className="merchant-nav__link">
                Liquidaciones
              </NavLink>
            </li>
            <li>
              <NavLink to={STAFF_PATHS.merchantTeam} className="merchant-nav__link">
                Equipo
              </NavLink>
            </li>
          </>
        ) : null}
        {/* Every member's own second factor (issue 27): outside the area, so never the current section. */}
        <li>
          <NavLink to={STAFF_PATHS.security} className="merchant-nav__link">
            Seguridad
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
