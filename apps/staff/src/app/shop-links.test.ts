import { describe, expect, it } from 'vitest';
import { shopLoginPath, shopRegisterPath } from './shop-links.ts';

describe('shopLoginPath', () => {
  it('asks the shop to come back to the staff page, query included', () => {
    expect(shopLoginPath('/comercio', '?tab=nuevos')).toBe('/login?next=%2Fcomercio%3Ftab%3Dnuevos');
    expect(shopLoginPath('/admin')).toBe('/login?next=%2Fadmin');
  });
});

describe('shopRegisterPath', () => {
  it('asks the shop to come back to the invitation once the account exists', () => {
    expect(shopRegisterPath('/comercio/invitacion/abc')).toBe(
      '/register?next=%2Fcomercio%2Finvitacion%2Fabc',
    );
  });
});
