import { STAFF_PATHS, type StaffWho, staffAccess } from '@mandado/shared/staff-routes';

/** Spec §2 account entries of the desktop menu and the phone's user menu (decision 033: both 'Mis Direcciones'). */
export const ACCOUNT_LINKS = [
  { to: '/user/', label: 'Mi Cuenta' },
  { to: '/user/orders', label: 'Mis Compras' },
  { to: '/user/beneficiaries', label: 'Mis Direcciones' },
  { to: '/user/wallet', label: 'Mi Billetera' },
] as const;

/**
 * Issue 17: the staff app's areas this person may open ('Mi comercio' for a store member, 'Administración'
 * for an operator). Plain links: the staff app is another bundle, reached with a full page load.
 */
export function staffLinksFor(who: StaffWho): { href: string; label: string }[] {
  const access = staffAccess(who);
  return [
    ...(access.merchant ? [{ href: STAFF_PATHS.merchant, label: 'Mi comercio' }] : []),
    ...(access.admin ? [{ href: STAFF_PATHS.admin, label: 'Administración' }] : []),
  ];
}
