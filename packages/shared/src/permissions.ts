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
 * - `payment:mark-paid`: record that an order's payment arrived (operators only).
 * - `admin:read`: see the back office (every store, user and order).
 * - `admin:manage`: approve or reject stores, grant roles.
 * - `support:read`: read what people wrote to us (contact messages, product suggestions, city requests).
 */
export const PERMISSIONS = [
  'account:own',
  'store:read',
  'store:manage',
  'order:fulfil',
  'payment:mark-paid',
  'admin:read',
  'admin:manage',
  'support:read',
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

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  remitter: ['account:own'],
  merchant: ['store:read', 'store:manage', 'order:fulfil'],
  operator: [
    'store:read',
    'store:manage',
    'order:fulfil',
    'payment:mark-paid',
    'admin:read',
    'admin:manage',
    'support:read',
  ],
};

/** Whether any of these roles grants the permission (scope aside: see `roleReachesEveryStore`). */
function rolesGrant(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * Whether one of these roles grants a store-scoped permission over every store. Only operators do;
 * a merchant reaches the stores they are a member of.
 */
function rolesReachEveryStore(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((role) => role === 'operator' && ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * The whole check, for the API's requirePermission and for the web app's menus: does a person with these
 * roles and store memberships hold `permission` (for `storeId`, when the permission is store-scoped)?
 * A store-scoped permission asked without a store id means "in some store", e.g. to show the merchant menu.
 */
export function hasPermission(
  who: { roles: readonly Role[]; storeIds: readonly number[]; ownedStoreIds?: readonly number[] },
  permission: Permission,
  storeId?: number,
): boolean {
  if (!rolesGrant(who.roles, permission)) return false;
  if (!STORE_SCOPED_PERMISSIONS.has(permission)) return true;
  if (rolesReachEveryStore(who.roles, permission)) return true;
  const reach = OWNER_ONLY_PERMISSIONS.has(permission) ? (who.ownedStoreIds ?? []) : who.storeIds;
  return storeId === undefined ? reach.length > 0 : reach.includes(storeId);
}
