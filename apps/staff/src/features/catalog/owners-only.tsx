import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import type { ReactNode } from 'react';
import { OwnersOnlyNotice } from '../../components/owners-only-notice.tsx';

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
    <OwnersOnlyNotice title={`Catálogo de ${store.name}`} message={`${STAFF_MESSAGES.catalogOwnersOnly}.`} />
  );
}
