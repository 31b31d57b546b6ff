import { describe, expect, it } from 'vitest';
import { courierUrl, isStaffAppPath, isStaffAreaPath, staffAccess } from './staff-routes.ts';

describe('staff paths (issue 17)', () => {
  it.each(['/comercio', '/comercio/', '/Comercio', '/admin', '/admin/tiendas/3', '/entrega/abc', '/entrega'])(
    '%s belongs to the staff app',
    (path) => expect(isStaffAreaPath(path)).toBe(true),
  );

  it.each(['/', '/comerciox', '/administracion', '/stores', '/ElDorado/products', '/user/orders'])(
    '%s belongs to the shop',
    (path) => expect(isStaffAreaPath(path)).toBe(false),
  );

  it('knows its pages and nothing else under its areas', () => {
    expect(isStaffAppPath('/comercio')).toBe(true);
    expect(isStaffAppPath('/admin/')).toBe(true);
    expect(isStaffAppPath('/entrega/AbC_123-x')).toBe(true);
    expect(isStaffAppPath('/entrega')).toBe(false);
    expect(isStaffAppPath('/entrega/abc/extra')).toBe(false);
    expect(isStaffAppPath('/comercio/nada')).toBe(false);
    expect(isStaffAppPath('/comercio/catalogo')).toBe(true);
    expect(isStaffAppPath('/comercio/catalogo/nuevo')).toBe(true);
    expect(isStaffAppPath('/comercio/catalogo/42')).toBe(true);
    expect(isStaffAppPath('/comercio/catalogo/42/fotos')).toBe(false);
    expect(isStaffAppPath('/comercio/catalogo/importar')).toBe(true);
    expect(isStaffAppPath('/comercio/equipo')).toBe(true);
    expect(isStaffAppPath('/comercio/invitacion/AbC_123-xyz')).toBe(true);
    expect(isStaffAppPath('/comercio/invitacion')).toBe(false);
    expect(isStaffAppPath('/comercio/tienda')).toBe(true);
    expect(isStaffAppPath('/comercio/liquidaciones')).toBe(true);
    expect(isStaffAppPath('/comercio/liquidaciones/2026-11-23')).toBe(false);
  });
});

describe('staffAccess', () => {
  it('lets a store member into the store area only', () => {
    expect(staffAccess({ roles: ['remitter', 'merchant'], store_ids: [4] })).toEqual({
      merchant: true,
      admin: false,
    });
  });

  it('lets an operator into the back office, and into the store area only as a member', () => {
    expect(
      staffAccess({ roles: ['remitter', 'operator'], store_ids: [], operator_group: 'soporte' }),
    ).toEqual({
      merchant: false,
      admin: true,
    });
    expect(
      staffAccess({ roles: ['remitter', 'operator'], store_ids: [2], operator_group: 'soporte' }),
    ).toEqual({
      merchant: true,
      admin: true,
    });
  });

  it('keeps a shopper out of both', () => {
    expect(staffAccess({ roles: ['remitter'], store_ids: [] })).toEqual({ merchant: false, admin: false });
    // A merchant role left without a store reaches no store.
    expect(staffAccess({ roles: ['remitter', 'merchant'], store_ids: [] })).toEqual({
      merchant: false,
      admin: false,
    });
  });
});

describe('courierUrl', () => {
  it('is the staff app courier page under the site address, which the staff router knows', () => {
    const url = courierUrl('https://mandado.example', 'AbC_123-x');
    expect(url).toBe('https://mandado.example/entrega/AbC_123-x');
    expect(isStaffAppPath(new URL(url).pathname)).toBe(true);
  });
});
