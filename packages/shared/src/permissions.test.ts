import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  STORE_SCOPED_PERMISSIONS,
} from './permissions.ts';

const remitter = { roles: ['remitter'] as const, storeIds: [] };
const merchant = { roles: ['remitter', 'merchant'] as const, storeIds: [3, 7], ownedStoreIds: [7] };
const operator = {
  roles: ['remitter', 'operator'] as const,
  storeIds: [],
  operatorGroup: 'administracion' as const,
};
const payments = { ...operator, operatorGroup: 'pagos' as const };
const support = { ...operator, operatorGroup: 'soporte' as const };

describe('permissions', () => {
  it('maps every role to known permissions', () => {
    for (const role of ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    }
    for (const permission of STORE_SCOPED_PERMISSIONS) expect(PERMISSIONS).toContain(permission);
  });

  it('gives a remitter their own account and nothing of the staff side', () => {
    expect(hasPermission(remitter, 'account:own')).toBe(true);
    for (const permission of PERMISSIONS.filter((name) => name !== 'account:own')) {
      expect(hasPermission(remitter, permission), permission).toBe(false);
      expect(hasPermission(remitter, permission, 3), permission).toBe(false);
    }
  });

  it('scopes a merchant to their own stores', () => {
    expect(hasPermission(merchant, 'order:fulfil', 3)).toBe(true);
    expect(hasPermission(merchant, 'store:manage', 7)).toBe(true);
    expect(hasPermission(merchant, 'order:fulfil', 4)).toBe(false);
    expect(hasPermission(merchant, 'store:read', 4)).toBe(false);
    // Without a store: "in some store", which is what the merchant menu asks.
    expect(hasPermission(merchant, 'store:read')).toBe(true);
  });

  it('lets only owners manage a store: staff members see and fulfil its orders (issue 18)', () => {
    expect(hasPermission(merchant, 'store:manage', 7)).toBe(true);
    expect(hasPermission(merchant, 'store:manage', 3)).toBe(false);
    expect(hasPermission(merchant, 'store:read', 3)).toBe(true);
    expect(hasPermission(merchant, 'order:fulfil', 3)).toBe(true);
    expect(hasPermission(merchant, 'store:manage')).toBe(true);
    const staffOnly = { roles: ['remitter', 'merchant'] as const, storeIds: [3], ownedStoreIds: [] };
    expect(hasPermission(staffOnly, 'store:manage')).toBe(false);
    expect(hasPermission(staffOnly, 'store:manage', 3)).toBe(false);
    expect(hasPermission(operator, 'store:manage', 3)).toBe(true);
  });

  it('keeps payments and the back office for operators', () => {
    expect(hasPermission(merchant, 'payment:mark-paid')).toBe(false);
    expect(hasPermission(merchant, 'admin:read')).toBe(false);
    expect(hasPermission(operator, 'payment:mark-paid')).toBe(true);
    expect(hasPermission(operator, 'admin:manage')).toBe(true);
  });

  it("keeps the support inbox (people's messages, with their e-mails and phones) for operators", () => {
    expect(hasPermission(operator, 'support:read')).toBe(true);
    expect(hasPermission(merchant, 'support:read')).toBe(false);
    expect(hasPermission(merchant, 'support:read', 3)).toBe(false);
  });

  it('lets an operator reach every store', () => {
    expect(hasPermission(operator, 'order:fulfil', 99)).toBe(true);
    expect(hasPermission(operator, 'store:read', 3)).toBe(true);
  });

  it('splits operators into groups (issue 19): support never moves money, payments never manage the shop', () => {
    for (const who of [operator, payments, support]) expect(hasPermission(who, 'admin:read')).toBe(true);
    expect(hasPermission(support, 'payment:refund')).toBe(false);
    expect(hasPermission(support, 'payment:mark-paid')).toBe(false);
    expect(hasPermission(support, 'support:handle')).toBe(true);
    expect(hasPermission(payments, 'payment:refund')).toBe(true);
    expect(hasPermission(payments, 'admin:manage')).toBe(false);
    expect(hasPermission(payments, 'support:handle')).toBe(false);
    expect(hasPermission(operator, 'admin:manage')).toBe(true);
    // Pharmacy order lines are health data (issue 32): administration and support read them, payments not.
    expect(hasPermission(operator, 'order:health')).toBe(true);
    expect(hasPermission(support, 'order:health')).toBe(true);
    expect(hasPermission(payments, 'order:health')).toBe(false);
    expect(hasPermission(merchant, 'order:health', 3)).toBe(false);
    // An operator row without a group holds nothing of the back office: never the widest group by default.
    expect(hasPermission({ roles: ['remitter', 'operator'], storeIds: [] }, 'admin:read')).toBe(false);
  });
});
