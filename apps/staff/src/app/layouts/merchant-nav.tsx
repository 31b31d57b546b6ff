import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { NavLink } from 'react-router';

/**
 * The store area's sections under the header: the orders for every member, the catalog for the store's
 * owners only (its staff members work the orders; the API refuses them the catalog).
 */
export function MerchantNav({ store }: { store: MerchantStore }) {
  return (
    <nav className="merchant-nav" aria-label="Secciones de la tienda">
      <ul className="merchant-nav__list container">
        <li>
          <NavLink to={STAFF_PATHS.merchant} end className="merchant-nav__link">
            Pedidos
          </NavLink>
        </li>
        {store.member_role === 'owner' ? (
          <li>
            <NavLink to={STAFF_PATHS.merchantCatalog} className="merchant-nav__link">
              Catálogo
            </NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
