import { describe, expect, it } from 'vitest';
import { CLOSED_CART_UI, cartUiTransition, followCart } from './cart-ui-slice.ts';

const stripOnly = { stripOpen: true, expandedOpen: false };
const both = { stripOpen: true, expandedOpen: true };

describe('opening and closing the cart (spec §4)', () => {
  it.each([
    ['a route change with items opens the strip', 1, '/stores', true],
    ['a route change with an empty cart keeps it closed', 0, '/stores', false],
    ['the strip is hidden on checkout', 1, '/checkout', false],
  ] as const)('%s', (_case, itemCount, pathname, open) => {
    expect(
      cartUiTransition(CLOSED_CART_UI, { type: 'route-changed', pathname }, itemCount).ui.stripOpen,
    ).toBe(open);
  });

  it('going to checkout closes the expanded cart; another page keeps it', () => {
    expect(cartUiTransition(both, { type: 'route-changed', pathname: '/checkout' }, 1).ui.expandedOpen).toBe(
      false,
    );
    expect(cartUiTransition(both, { type: 'route-changed', pathname: '/stores' }, 1).ui.expandedOpen).toBe(
      true,
    );
  });

  it('opening the expanded cart with an empty cart warns instead', () => {
    expect(cartUiTransition(CLOSED_CART_UI, { type: 'open-expanded' }, 0)).toEqual({
      ui: CLOSED_CART_UI,
      notifyEmpty: true,
    });
  });

  it('opening it with items opens it; its close button closes it; the strip can be hidden', () => {
    const opened = cartUiTransition(stripOnly, { type: 'open-expanded' }, 1);
    expect(opened).toEqual({ ui: both, notifyEmpty: false });
    expect(cartUiTransition(opened.ui, { type: 'close-expanded' }, 1).ui).toEqual(stripOnly);
    expect(cartUiTransition(opened.ui, { type: 'close-strip' }, 1).ui).toEqual({
      stripOpen: false,
      expandedOpen: true,
    });
  });

  it('follows the cart: an add opens the strip, an empty cart closes the strip and the panel', () => {
    expect(followCart(CLOSED_CART_UI, 1, true)).toEqual(stripOnly);
    expect(followCart(CLOSED_CART_UI, 1, false)).toBe(CLOSED_CART_UI);
    expect(followCart(both, 0, false)).toEqual(CLOSED_CART_UI);
    expect(followCart(both, 0, true)).toEqual(CLOSED_CART_UI);
  });
});
