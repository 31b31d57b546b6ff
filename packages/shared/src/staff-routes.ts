import { hasPermission, type OperatorGroup, type Role } from './permissions.ts';
import { patternToRegExp } from './web-routes.ts';

/**
 * The staff app's page routes (issue 17), in the same pattern syntax as WEB_PATHS: its router declares its
 * pages with them and the server answers 404 (with the staff app's own index) for any other path of a staff
 * area, so the two lists cannot drift. Add a page here first, then route it in apps/staff/src/app/router.tsx.
 */
export const STAFF_PATHS = {
  /** A store member's order inbox. */
  merchant: '/comercio',
  /** A store owner's catalog (issue 18): the products with their stock, searchable. */
  merchantCatalog: '/comercio/catalogo',
  /** The product form, empty. */
  merchantProductNew: '/comercio/catalogo/nuevo',
  /** The product form for one of the store's products (its id). */
  merchantProduct: '/comercio/catalogo/:productId',
  /** The CSV import: a dry run that shows every row's error, then the import (owners). */
  merchantCatalogImport: '/comercio/catalogo/importar',
  /** Who works in the store and the pending invitations (owners). */
  merchantTeam: '/comercio/equipo',
  /** An invitation's link from its e-mail: open to anyone holding it, member or not (its token). */
  merchantInvitation: '/comercio/invitacion/:token',
  /** The store's availability (owners): 'Pausar ahora' and a scheduled closure. */
  merchantStore: '/comercio/tienda',
  /** The store's weekly statements (owners): each week's orders, net due and whether it was paid. */
  merchantStatements: '/comercio/liquidaciones',
  /** The store's sales (owners, issue 31): by day and week, average ticket, top products, rates; its chart. */
  merchantSales: '/comercio/ventas',
  /** The store's returns (issue 32): accept or refuse, the reverse pickup's courier link, 'Recibí la devolución'. */
  merchantReturns: '/comercio/devoluciones',
  /** A store order's printable picking ticket (issue 31): its lines with check boxes, the courier's QR. */
  merchantPickingTicket: '/comercio/pedidos/:number/ticket',
  /**
   * A login's second step (issue 27): the code of a TOTP app or a recovery code. Outside the areas' doors:
   * until the code, the session acts for nobody. `?next=` is where to go then.
   */
  signInCode: '/comercio/verificacion',
  /** The staff member's own second factor: turn it on, with recovery codes shown once (issue 27). */
  security: '/comercio/seguridad',
  /** The operators' back office (issue 19): its start is the dashboard. */
  admin: '/admin',
  /** Every order, filterable, with a CSV export. */
  adminOrders: '/admin/pedidos',
  /** One order group's detail and timeline (its number, e.g. MV-1024). */
  adminOrder: '/admin/pedidos/:number',
  /** Transfers and deposits waiting, and the bank-statement import. */
  adminPayments: '/admin/pagos',
  /** Store applications, stores, their members and commission. */
  adminStores: '/admin/tiendas',
  /** One store (its id). */
  adminStore: '/admin/tiendas/:storeId',
  /** Statements per store and for shipping, marked paid with a transfer reference. */
  adminStatements: '/admin/liquidaciones',
  /** Accounts: roles, store memberships, lock, wallet. */
  adminPeople: '/admin/personas',
  /** One account (its id). */
  adminPerson: '/admin/personas/:userId',
  /** Contact messages, suggestions and city requests. */
  adminSupport: '/admin/soporte',
  /** Coupons. */
  adminCoupons: '/admin/cupones',
  /** Settings from the registry, currency rates and delivery zones. */
  adminSettings: '/admin/ajustes',
  /** Webhook endpoints for partners and their deliveries. */
  adminWebhooks: '/admin/webhooks',
  /** Every store's returns, by status and store, with 'Aceptar igualmente' (issue 32, 'returns:manage'). */
  adminReturns: '/admin/devoluciones',
  /** Fiscal documents refused, failed or held (decision 078), with 'Reintentar'. */
  adminFiscal: '/admin/comprobantes',
  /** The audit trail: every staff action. */
  adminAudit: '/admin/auditoria',
  /** A courier's page for one store order, opened from the link the store shares (no account). */
  courier: '/entrega/:token',
  /** A courier's reverse pickup of a return (issue 32; the API's RETURN_COURIER_PATH), no account either. */
  courierReturn: '/entrega/devolucion/:token',
} as const;

/**
 * The link a store shares with its courier: the staff app's courier page (`/entrega/<token>`). Here, not in
 * the API's courier module, because the store order's presenter (order-status) shows it and the courier
 * module calls order-status: a pure path helper both can read without a loop between them (decision 059).
 */
export function courierUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${STAFF_PATHS.courier.replace(':token', () => token)}`;
}

/** A store order's picking ticket in /comercio (its number, e.g. MV-1024-1). */
export function pickingTicketPath(storeOrderNumber: string): string {
  return STAFF_PATHS.merchantPickingTicket.replace(':number', () => encodeURIComponent(storeOrderNumber));
}

/**
 * The path prefixes the staff app owns: these paths (and everything under them) get the staff app's
 * index.html, every other page path the shop's. A store whose slug were one of these words could not have
 * its catalog at `/<slug>/products`; store slugs come from store names, and none is a bare area word.
 */
export const STAFF_AREAS = ['/comercio', '/admin', '/entrega'] as const;

const STAFF_AREA_PATTERNS = STAFF_AREAS.map((area) => new RegExp(`^${area}(?:/.*)?$`, 'i'));
const STAFF_PATH_PATTERNS = Object.values(STAFF_PATHS).map(patternToRegExp);

/** Whether a URL path (without the query) belongs to the staff app, known page or not. */
export function isStaffAreaPath(pathname: string): boolean {
  return STAFF_AREA_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** Whether a URL path (without the query) is one of the staff app's pages. */
export function isStaffAppPath(pathname: string): boolean {
  return STAFF_PATH_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** Who a person is, as who-am-I tells it (`roles`, `store_ids`, `operator_group`). */
export interface StaffWho {
  roles: readonly Role[];
  store_ids: readonly number[];
  operator_group?: OperatorGroup | null;
}

/**
 * Which staff areas a person may open, for the staff app's guard and the shop's account menu. The store
 * area is for members of a store (the API's /v1/merchant/* answers 403 to an operator who is no member);
 * the back office is for whoever may read it. Couriers need no account.
 */
export function staffAccess(who: StaffWho): { merchant: boolean; admin: boolean } {
  const actor = { roles: who.roles, storeIds: who.store_ids, operatorGroup: who.operator_group ?? null };
  return {
    merchant: who.store_ids.length > 0 && hasPermission(actor, 'order:fulfil'),
    admin: hasPermission(actor, 'admin:read'),
  };
}
