/** Spec §2 account entries of the desktop menu and the phone's user menu (decision 033: both 'Mis Direcciones'). */
export const ACCOUNT_LINKS = [
  { to: '/user/', label: 'Mi Cuenta' },
  { to: '/user/orders', label: 'Mis Compras' },
  { to: '/user/beneficiaries', label: 'Mis Direcciones' },
  { to: '/user/wallet', label: 'Mi Billetera' },
] as const;
