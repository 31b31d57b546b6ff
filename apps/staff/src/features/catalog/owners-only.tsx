import { MESSAGES } from '@mandado/shared/messages';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDERS_PATH } from './catalog-paths.ts';
import './catalog.css';

interface OwnersOnlyProps {
  store: MerchantStore;
  children: ReactNode;
}

/**
 * The catalog is for the store's owners (the API answers 403 to its staff members): a staff member who opens
 * one of its pages by a link hears why, with the way back to the orders, instead of a failed load.
 */
export function OwnersOnly({ store, children }: OwnersOnlyProps) {
  if (store.member_role === 'owner') return children;
  return (
    <div className="catalog">
      <h1 className="catalog__title">Catálogo de {store.name}</h1>
      <p className="catalog-notice">{MESSAGES.catalogOwnersOnly}.</p>
      <p>
        <Link to={ORDERS_PATH} className="button button--secondary">
          Ver los pedidos
        </Link>
      </p>
    </div>
  );
}
