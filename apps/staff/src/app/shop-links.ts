/**
 * Links back into the shop, a different bundle: followed with a full page load (a plain <a href> or
 * location.replace), never with this app's router, which knows none of the shop's pages.
 */
export const SHOP_HOME = '/';

/** The shop's login page, which comes back to `pathname` once logged in (its `?next=`). */
export function shopLoginPath(pathname: string, search = ''): string {
  return `/login?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/**
 * The shop's registration page, which also comes back to `pathname` once the account exists (the shop's
 * /register honours `next` as /login does): an invited person without an account joins in one trip.
 */
export function shopRegisterPath(pathname: string, search = ''): string {
  return `/register?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}
