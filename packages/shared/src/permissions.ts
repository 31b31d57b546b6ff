/**
 * Who may do what (decision 012). Roles are what a person is; permissions are what a route needs. Routes and
 * services ask for a permission, never for a role, so a role can gain or lose a power in this one table.
 */

/**
 * - `remitter`: every registered shopper (spec §3): their own account, cart, beneficiaries and orders.
 * - `merchant`: a member (owner or staff) of one or more stores; merchant permissions are scoped to those stores.
 * - `operator`: our own staff in the back office; their permissions reach every store.
 */
export const ROLES = ['remitter', 'merchant', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A person's place in one store (store_members.role). Both see and fulfil the store's orders; only owners
 * manage the catalog, the store's profile and its members (issue 18).
 */
export const STORE_MEMBER_ROLES = ['owner', 'staff'] as const;
export type StoreMemberRole = (typeof STORE_MEMBER_ROLES)[number];

/**
 * Every permission, `<resource>:<action>`. Kept small: a name is added when a route needs it.
 * - `account:own`: read and change one's own account, cart and orders.
 * - `store:read`: see a store's back-office data (members, orders, stock). Scoped for merchants.
 * - `store:manage`: change a store's products, stock, profile and members. Scoped for merchants to the
 *   stores they OWN (a staff member holds store:read and order:fulfil only).
 * - `order:fulfil`: mark an order of a store as prepared or delivered. Scoped for merchants.
 * - `payment:mark-paid`: record that an order's payment arrived, import bank statements, pay statements.
 * - `payment:refund`: refund an order (whole, a store order or lines) and adjust a wallet (issue 19).
 * - `order:operate`: act on any order as an operator: move a status, cancel an unpaid one, reopen a courier
 *   link, resend an e-mail, write an internal note (issue 19).
 * - `admin:read`: see the back office (every order, store, person, the audit trail, the dashboard).
 * - `admin:manage`: approve or reject stores, suspend them, set commissions, grant roles, lock accounts, and
 *   edit coupons, settings, currency rates, zones and webhooks.
 * - `support:read`: read what people wrote to us (contact messages, product suggestions, city requests).
 * - `support:handle`: assign, answer and mark handled what people wrote to us (issue 19).
 * - `order:health`: see the lines of a pharmacy's orders in the back office (issue 32, decision 072): what
 *   someone buys at a pharmacy can reveal their health, sensitive data under Ley 18.331 art. 18. Without it
 *   an operator sees 'Contenido reservado (farmacia)' instead of each line's name.
 * - `returns:manage`: list every store's returns in the back office and overrule a store's refusal (issue 32
 *   item 1, decision 076).
 */
export const PERMISSIONS = [
  'account:own',
  'store:read',
  'store:manage',
  'order:fulfil',
  'payment:mark-paid',
  'payment:refund',
  'order:operate',
  'admin:read',
  'admin:manage',
  'support:read',
  'support:handle',
  'order:health',
  'returns:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions a merchant holds only within their own stores: checking one needs a store id. */
export const STORE_SCOPED_PERMISSIONS: ReadonlySet<Permission> = new Set([
  'store:read',
  'store:manage',
  'order:fulfil',
]);

/** Store-scoped permissions a merchant holds only in the stores they own, not those they work in as staff. */
export const OWNER_ONLY_PERMISSIONS: ReadonlySet<Permission> = new Set(['store:manage']);

/**
 * An operator's permission group (issue 19), one per operator (user_roles.operator_group):
 * - `administracion`: every back-office power;
 * - `pagos`: money: payments, bank statements, refunds, statements, wallet adjustments;
 * - `soporte`: orders and the support inbox, but never money (no refund, no payment marked).
 * Every group reads the back office.
 */
export const OPERATOR_GROUPS = ['administracion', 'pagos', 'soporte'] as const;
export type OperatorGroup = (typeof OPERATOR_GROUPS)[number];

export const OPERATOR_GROUP_PERMISSIONS: Readonly<Record<OperatorGroup, readonly Permission[]>> = {
  administracion: [
    'store:read',
    'store:manage',
    'order:fulfil',
    'payment:mark-paid',
    'payment:refund',
    'order:operate',
    'admin:read',
    'admin:manage',
    'support:read',
    'support:handle',
    'order:health',
    'returns:manage',
  ],
  pagos: ['store:read', 'payment:mark-paid', 'payment:refund', 'order:operate', 'admin:read', 'support:read'],
  // Support answers the claims about pharmacy orders, so it reads their lines; payments refunds without them.
  soporte: [
    'store:read',
    'order:fulfil',
    'order:operate',
    'admin:read',
    'support:read',
    'support:handle',
    'order:health',
    'returns:manage',
  ],
};

/** What each role can ever hold; an operator holds their group's share of `operator` (OPERATOR_GROUP_PERMISSIONS). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  remitter: ['account:own'],
  merchant: ['store:read', 'store:manage', 'order:fulfil'],
  operator: OPERATOR_GROUP_PERMISSIONS.administracion,
};

/**
 * Whether moving an account from `from` (null: not an operator) to `to` gives it a power it lacks: a grant or
 * a raise, which needs a second operator's approval (issue 27, four eyes on people). Lowering or removing
 * never does.
 */
export function isOperatorGroupRaise(from: OperatorGroup | null, to: OperatorGroup | null): boolean {
  if (to === null) return false;
  if (from === null) return true;
  const held = OPERATOR_GROUP_PERMISSIONS[from];
  return OPERATOR_GROUP_PERMISSIONS[to].some((permission) => !held.includes(permission));
}

/** Who is asking: roles, store memberships and, for an operator, their group. */
export interface PermissionHolder {
  roles: readonly Role[];
  storeIds: readonly number[];
  ownedStoreIds?: readonly number[];
  /** An operator without a group holds no operator permission: never assume the widest one. */
  operatorGroup?: OperatorGroup | null;
}

function roleGrants(who: PermissionHolder, role: Role, permission: Permission): boolean {
  if (role !== 'operator') return ROLE_PERMISSIONS[role].includes(permission);
  return who.operatorGroup ? OPERATOR_GROUP_PERMISSIONS[who.operatorGroup].includes(permission) : false;
}

/** Whether any of the holder's roles grants the permission (scope aside: see `rolesReachEveryStore`). */
function rolesGrant(who: PermissionHolder, permission: Permission): boolean {
  return who.roles.some((role) => roleGrants(who, role, permission));
}

/**
 * Whether one of these roles grants a store-scoped permission over every store. Only operators do;
 * a merchant reaches the stores they are a member of.
 */
function rolesReachEveryStore(who: PermissionHolder, permission: Permission): boolean {
  return who.roles.some((role) => role === 'operator' && roleGrants(who, role, permission));
}

/**
 * The whole check, for the API's requirePermission and for the web app's menus: does a person with these
 * roles and store memberships hold `permission` (for `storeId`, when the permission is store-scoped)?
 * A store-scoped permission asked without a store id means "in some store", e.g. to show the merchant menu.
 */
export function hasPermission(who: PermissionHolder, permission: Permission, storeId?: number): boolean {
  if (!rolesGrant(who, permission)) return false;
  if (!STORE_SCOPED_PERMISSIONS.has(permission)) return true;
  if (rolesReachEveryStore(who, permission)) return true;
  const reach = OWNER_ONLY_PERMISSIONS.has(permission) ? (who.ownedStoreIds ?? []) : who.storeIds;
  return storeId === undefined ? reach.length > 0 : reach.includes(storeId);
}
